/** The campaign form's rules with the spec §5 messages. */
import { z } from 'zod';
import { CAMPAIGN_MESSAGE_MAX, CAMPAIGN_TEXTS } from '~/domain/campaigns';

export const SCHEDULE_REQUIRED = CAMPAIGN_TEXTS.dateRequired;
export const SCHEDULE_IN_PAST = CAMPAIGN_TEXTS.dateInPast;

export function campaignFormSchema(now: () => Date = () => new Date()) {
  return z
    .object({
      titulo: z
        .string()
        .trim()
        .min(1, CAMPAIGN_TEXTS.tituloRequired)
        .max(120, 'Título deve ter no máximo 120 caracteres'),
      mensagem: z
        .string()
        .trim()
        .min(1, CAMPAIGN_TEXTS.mensagemRequired)
        .max(CAMPAIGN_MESSAGE_MAX, CAMPAIGN_TEXTS.mensagemTooLong),
      sendNow: z.boolean(),
      scheduledDate: z.string(),
      /** 'Para quem' (audience-picker.tsx): null = every customer. */
      audience: z.object({ labels: z.array(z.string()), exclude: z.array(z.string()) }).nullable(),
      /** 'Incluir link da loja' (store-link-switch.tsx): null = on when the store has a page. */
      includeStoreLink: z.boolean().nullable(),
    })
    .superRefine((value, ctx) => {
      if (value.sendNow) return;
      if (!value.scheduledDate) {
        ctx.addIssue({ code: 'custom', path: ['scheduledDate'], message: SCHEDULE_REQUIRED });
        return;
      }
      // datetime-local has no zone: the phone reads it in its own time, as the owner meant it.
      const when = new Date(value.scheduledDate);
      if (Number.isNaN(when.getTime()) || when.getTime() <= now().getTime()) {
        ctx.addIssue({ code: 'custom', path: ['scheduledDate'], message: SCHEDULE_IN_PAST });
      }
    });
}

export type CampaignFormValues = z.infer<ReturnType<typeof campaignFormSchema>>;
