/** The new-campaign form (spec §2): image, title, message with counter, send now or at a date. */
import { Field } from '@ark-ui/react/field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { css, cx } from 'styled-system/css';
import { Button } from '~/ui/button';
import { Card, CardTitle } from '~/ui/card';
import { errorStyle, inputStyle, labelStyle, TextField } from '~/ui/field';
import { warningNote } from '~/ui/notes';
import { AudiencePicker } from './audience-picker';
import {
  type CampaignDraft,
  type DraftImage,
  draftGeneration,
  saveDraftFields,
  saveDraftImage,
} from './draft';
import { type CampaignFormValues, campaignFormSchema } from './form-schema';
import { MESSAGE_MAX, submitLabel } from './format';
import { ImagePicker, type PickedImage } from './image-picker';
import { StoreLinkSwitch } from './store-link-switch';
import { OFFLINE_TEXT } from './use-campaign-flow';
import { WhatsAppWarning } from './whatsapp-warning';

type Props = {
  draft: CampaignDraft;
  draftImage: DraftImage | null;
  busy: boolean;
  /** No campaign left today (the button says so and is disabled). */
  exhausted: boolean;
  online: boolean;
  /** The store's WhatsApp as last read (undefined: not known). */
  whatsAppConnected: boolean | undefined;
  onReview: (values: CampaignFormValues, image: DraftImage | null) => void;
};

/** Typing rewrites the draft at most this often. */
const SAVE_DELAY_MS = 300;

/** The datetime-local minimum: now, in the phone's own time. */
function localNow(): string {
  const d = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export function CampaignForm({
  draft,
  draftImage,
  busy,
  exhausted,
  online,
  whatsAppConnected,
  onReview,
}: Props) {
  const schema = useMemo(() => campaignFormSchema(), []);
  const { register, handleSubmit, watch, formState, setValue } = useForm<CampaignFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      titulo: draft.titulo,
      mensagem: draft.mensagem,
      sendNow: draft.sendNow,
      scheduledDate: draft.scheduledDate,
      audience: draft.audience,
      includeStoreLink: draft.includeStoreLink,
    },
  });
  const [image, setImage] = useState<DraftImage | null>(draftImage);
  // Saves from this form stop counting once its campaign is sent and the draft cleared.
  const [generation] = useState(draftGeneration);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: CampaignFormValues | null = null;
    const flush = () => {
      // The draft only spares retyping: a failed write (storage full or blocked) loses the draft,
      // never what the form shows, so it is not worth interrupting the owner for.
      if (pending) void saveDraftFields(pending, generation).catch(() => {});
      pending = null;
    };
    const subscription = watch((values) => {
      pending = {
        titulo: values.titulo ?? '',
        mensagem: values.mensagem ?? '',
        sendNow: values.sendNow ?? true,
        scheduledDate: values.scheduledDate ?? '',
        audience: values.audience
          ? {
              labels: (values.audience.labels ?? []).filter((v): v is string => !!v),
              exclude: (values.audience.exclude ?? []).filter((v): v is string => !!v),
            }
          : null,
        includeStoreLink: values.includeStoreLink ?? null,
      };
      clearTimeout(timer);
      timer = setTimeout(flush, SAVE_DELAY_MS);
    });
    // Leaving the screen or the app (a reload, the phone locking) keeps the last keystrokes.
    const hidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer);
      flush();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [watch, generation]);

  const changeImage = (picked: PickedImage | null) => {
    setImage(picked ? { ...picked, uploadedUrl: null } : null);
    // As for the fields: the picked image stays in the form even if the draft cannot keep it.
    void saveDraftImage(picked).catch(() => {});
  };

  const setLink = useCallback(
    (next: boolean | null) => setValue('includeStoreLink', next),
    [setValue],
  );
  const messageLength = (watch('mensagem') ?? '').length;
  const sendNow = watch('sendNow');
  const errors = formState.errors;
  const disabled = busy || exhausted || !online;

  return (
    <Card>
      <CardTitle>Nova Campanha</CardTitle>
      <form
        noValidate
        onSubmit={handleSubmit(async (values) => {
          // What is about to be reviewed is on the device before anything goes to the server.
          // Storage refused: the review goes on with the values in memory, nothing is lost yet.
          await saveDraftFields(values, generation).catch(() => {});
          onReview(values, image);
        })}
        className={css({ display: 'grid', gap: '4' })}
      >
        <ImagePicker image={image} onChange={changeImage} disabled={busy} />
        <TextField
          label="Título da Campanha"
          autoComplete="off"
          placeholder="Ex.: Promoção de fim de semana"
          error={errors.titulo?.message}
          {...register('titulo')}
        />
        <Field.Root invalid={Boolean(errors.mensagem)}>
          <div className={css({ display: 'flex', justifyContent: 'space-between' })}>
            <Field.Label className={labelStyle}>Mensagem</Field.Label>
            <span
              data-testid="message-counter"
              aria-live="polite"
              className={css({ fontSize: 'sm', fontVariantNumeric: 'tabular-nums' })}
              style={{
                color: messageLength > MESSAGE_MAX ? 'var(--colors-danger)' : 'var(--colors-muted)',
              }}
            >
              {messageLength}/{MESSAGE_MAX}
            </span>
          </div>
          <Field.Textarea
            rows={4}
            placeholder="Escreva a mensagem. {nome} vira o primeiro nome de cada cliente."
            className={cx(inputStyle, css({ py: '2', resize: 'vertical', minH: '28' }))}
            {...register('mensagem')}
          />
          <Field.ErrorText className={errorStyle}>{errors.mensagem?.message}</Field.ErrorText>
        </Field.Root>
        <AudiencePicker
          value={watch('audience')}
          onChange={(audience) => setValue('audience', audience)}
          disabled={busy}
        />
        <StoreLinkSwitch value={watch('includeStoreLink')} onChange={setLink} disabled={busy} />
        <label
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '3',
            minH: '11',
            cursor: 'pointer',
            fontSize: 'md',
          })}
        >
          <input
            type="checkbox"
            className={css({ w: '5', h: '5', accentColor: 'var(--colors-primary)' })}
            {...register('sendNow')}
          />
          Enviar Agora
        </label>
        {sendNow ? null : (
          <TextField
            label="Data e Hora Programada"
            type="datetime-local"
            min={localNow()}
            error={errors.scheduledDate?.message}
            {...register('scheduledDate')}
          />
        )}
        <WhatsAppWarning connected={whatsAppConnected} sendNow={sendNow !== false} />
        {online ? null : (
          <p role="status" data-testid="campaign-offline" className={warningNote}>
            {OFFLINE_TEXT} O que você escreveu fica salvo no aparelho.
          </p>
        )}
        <Button type="submit" full disabled={disabled} loading={busy} loadingText="Processando...">
          {submitLabel({ busy: false, exhausted })}
        </Button>
      </form>
    </Card>
  );
}
