/**
 * The assistant in this chat: on, paused until a time, or stopped until given back; the owner
 * pauses it for 30 minutes, 1 hour, 4 hours or until given back, or gives the chat back at once
 * (PUT /api/conversas/:phone/assistente; offline the worker sends it on reconnect).
 */
import { useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { ChatListItem } from '~/db/conversations-repo';
import { useDeviceStore } from '~/db/device-store-context';
import { Button } from '~/ui/button';
import { centerRow, noticeBox, tint } from '~/ui/styles';
import { setAssistant } from './api';
import { assistantText, PAUSE_CHOICES, pausedNote, pauseEnd } from './format';

export function AssistantBar({ phone, chat }: { phone: string; chat: ChatListItem }) {
  const store = useDeviceStore();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const firstChoice = useRef<HTMLButtonElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (choosing) firstChoice.current?.focus();
  }, [choosing]);

  const change = async (ativo: boolean, ate?: string) => {
    setBusy(true);
    setNote(null);
    try {
      const how = await setAssistant(phone, ativo, ate);
      // The chat's row changes on the server: the list and this bar show it after this pull.
      if (how === 'sent') void store.pullNow().catch(() => undefined);
      setNote(
        how === 'queued'
          ? 'Sem conexão: a mudança será enviada quando a conexão voltar.'
          : ativo
            ? 'O assistente voltou a responder nesta conversa.'
            : pausedNote(ate),
      );
    } catch (error) {
      setNote(error instanceof Error ? error.message : 'Não foi possível mudar o assistente.');
    } finally {
      setBusy(false);
    }
  };
  const pause = (minutes: number | null) => {
    setChoosing(false);
    void change(false, pauseEnd(minutes));
  };
  const cancel = () => {
    setChoosing(false);
    // Back to the button that opened the choices (keyboard and screen-reader users).
    requestAnimationFrame(() => pauseButton.current?.focus());
  };

  return (
    <section aria-label="Assistente" className={css({ mb: '4' })}>
      {chat.needsHuman ? (
        <p className={css(noticeBox, tint.red, { px: '3', py: '2', mb: '2', color: 'red.800' })}>
          Precisa de você: o cliente pediu para falar com uma pessoa ou o assistente não soube
          responder.
        </p>
      ) : null}
      <div className={css(centerRow, { gap: '2', justifyContent: 'space-between' })}>
        <span className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
          {assistantText(chat.assistantActive, chat.pausedUntil)}
        </span>
        {chat.assistantActive ? (
          <Button
            ref={pauseButton}
            size="sm"
            variant="outline"
            loading={busy}
            aria-expanded={choosing}
            aria-controls={choosing ? 'pausar-opcoes' : undefined}
            onClick={() => {
              setNote(null);
              setChoosing((open) => !open);
            }}
          >
            Pausar assistente
          </Button>
        ) : (
          <Button size="sm" loading={busy} onClick={() => void change(true)}>
            Devolver ao assistente
          </Button>
        )}
      </div>
      {choosing && chat.assistantActive ? (
        <fieldset
          id="pausar-opcoes"
          onKeyDown={(e) => {
            if (e.key === 'Escape') cancel();
          }}
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2', border: 'none' })}
        >
          <legend className={css({ fontSize: 'sm', color: 'muted', mb: '2' })}>
            Pausar por quanto tempo?
          </legend>
          {PAUSE_CHOICES.map((choice, i) => (
            <Button
              key={choice.label}
              ref={i === 0 ? firstChoice : undefined}
              size="sm"
              variant="outline"
              onClick={() => pause(choice.minutes)}
            >
              {choice.label}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={cancel}>
            Cancelar
          </Button>
        </fieldset>
      ) : null}
      {note ? (
        <output
          aria-live="polite"
          className={css({ display: 'block', fontSize: 'sm', mt: '1', color: 'muted' })}
        >
          {note}
        </output>
      ) : null}
    </section>
  );
}
