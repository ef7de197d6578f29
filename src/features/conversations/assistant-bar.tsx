/**
 * The assistant in this chat: on, paused until a time, or stopped until given back; the owner
 * pauses it or gives the chat back at once (PUT /api/conversas/:phone/assistente; offline the
 * worker sends it on reconnect).
 */
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ChatListItem } from '~/db/conversations-repo';
import { useDeviceStore } from '~/db/device-store-context';
import { Button } from '~/ui/button';
import { centerRow, noticeBox, tint } from '~/ui/styles';
import { setAssistant } from './api';
import { assistantText } from './format';

export function AssistantBar({ phone, chat }: { phone: string; chat: ChatListItem }) {
  const store = useDeviceStore();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const change = async (ativo: boolean) => {
    setBusy(true);
    setNote(null);
    try {
      const how = await setAssistant(phone, ativo);
      // The chat's row changes on the server: the list and this bar show it after this pull.
      if (how === 'sent') void store.pullNow().catch(() => undefined);
      setNote(
        how === 'queued'
          ? 'Sem conexão: a mudança será enviada quando a conexão voltar.'
          : ativo
            ? 'O assistente voltou a responder nesta conversa.'
            : 'Assistente pausado nesta conversa até você devolver.',
      );
    } catch (error) {
      setNote(error instanceof Error ? error.message : 'Não foi possível mudar o assistente.');
    } finally {
      setBusy(false);
    }
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
          <Button size="sm" variant="outline" loading={busy} onClick={() => void change(false)}>
            Pausar assistente
          </Button>
        ) : (
          <Button size="sm" loading={busy} onClick={() => void change(true)}>
            Devolver ao assistente
          </Button>
        )}
      </div>
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
