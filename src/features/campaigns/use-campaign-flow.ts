/**
 * Campaign flow (spec §4): form, then review (created on the server), then sent (success). With
 * Pix on, 'Enviar' answers with a charge: the payment step sits between review and success, and
 * the server itself sends the campaign once the PSP confirms the payment.
 */
import { useCallback, useState } from 'react';
import type { PaymentJson } from '~/domain/pix/payment';
import { ApiRequestError } from '~/lib/api';
import { toast } from '~/lib/toast';
import {
  type Campaign,
  createCampaign,
  isNetworkError,
  type SendAnswer,
  sendCampaign,
  uploadImage,
} from './api';
import {
  clearDraft,
  type DraftImage,
  draftCampaignId,
  forgetDraftCampaignId,
  markImageUploaded,
  readDraftImage,
  saveDraftImage,
} from './draft';
import type { CampaignFormValues } from './form-schema';

export const OFFLINE_TEXT = 'Sem conexão: para enviar campanhas é preciso estar conectado.';

export type FlowStep = 'form' | 'review' | 'payment' | 'success';

type Callbacks = {
  /** A 429 said the day's campaigns are used up. */
  onLimitReached: () => void;
  /** The campaign was confirmed: the limit and history changed, the form starts over. */
  onSent: (campaign: Campaign) => void;
};

function reportError(error: unknown, title: string, callbacks: Callbacks): void {
  if (error instanceof ApiRequestError && error.status === 429) {
    callbacks.onLimitReached();
    toast.error('Limite diário atingido', error.message);
  } else if (error instanceof ApiRequestError && error.status === 413) {
    toast.error('Arquivo muito grande', error.message);
  } else if (isNetworkError(error)) {
    toast.error(title, OFFLINE_TEXT);
  } else {
    toast.error(title, (error as Error).message);
  }
}

/** The server's refusal of an image URL it no longer has ('Imagem inválida: ...'). */
const IMAGE_GONE = /^Imagem inválida/;

/** The image's URL on the server, uploading it once (an earlier 'Revisar' may have done it). */
async function imageUrlFor(image: DraftImage): Promise<string> {
  const stored = await readDraftImage();
  const known = stored?.dataUrl === image.dataUrl ? stored.uploadedUrl : image.uploadedUrl;
  if (known) return known;
  const uploaded = await uploadImage(image.dataUrl);
  await markImageUploaded(image.dataUrl, uploaded);
  return uploaded;
}

export function useCampaignFlow(callbacks: Callbacks) {
  const [step, setStep] = useState<FlowStep>('form');
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [previewImage, setPreviewImage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'review' | 'send' | null>(null);
  const [payment, setPayment] = useState<PaymentJson | null>(null);

  const review = useCallback(
    async (values: CampaignFormValues, image: DraftImage | null) => {
      setBusy('review');
      try {
        const input = {
          titulo: values.titulo,
          mensagem: values.mensagem,
          imageUrl: image ? await imageUrlFor(image) : null,
          sendNow: values.sendNow,
          scheduledDate: values.sendNow ? null : values.scheduledDate,
          audience: values.audience,
          includeStoreLink: values.includeStoreLink,
        };
        let created: Campaign;
        try {
          created = await createCampaign({ ...input, id: await draftCampaignId() });
        } catch (error) {
          if (!(error instanceof ApiRequestError)) throw error;
          if (error.status === 409) {
            // This id was confirmed already (its 'Enviar' answer was lost on the way back): this
            // draft is a new campaign and needs a new id.
            await forgetDraftCampaignId();
          } else if (image && error.status === 400 && IMAGE_GONE.test(error.message)) {
            // The image uploaded earlier is no longer on the server: send it again.
            await saveDraftImage(image);
            input.imageUrl = await imageUrlFor({ ...image, uploadedUrl: null });
          } else throw error;
          created = await createCampaign({ ...input, id: await draftCampaignId() });
        }
        setCampaign(created);
        setPreviewImage(image?.dataUrl ?? created.imageUrl);
        setStep('review');
      } catch (error) {
        reportError(error, 'Não foi possível criar a campanha', callbacks);
      } finally {
        setBusy(null);
      }
    },
    [callbacks],
  );

  const confirmed = useCallback(
    async (sent: Campaign) => {
      // Confirmed: this draft (and its id) is done; a reload must not bring it back.
      await clearDraft();
      setCampaign(sent);
      setPayment(null);
      setStep('success');
      callbacks.onSent(sent);
    },
    [callbacks],
  );

  /** 'Enviar' in the review, and 'Gerar novo código' once a charge expired. */
  const send = useCallback(async () => {
    if (!campaign) return;
    setBusy('send');
    try {
      const answer: SendAnswer = await sendCampaign(campaign.id);
      if (answer.kind === 'sent') await confirmed(answer.campaign);
      else {
        const count = answer.recipientCount;
        // The price is made of the customers now: the modal and the success say the same number.
        if (count !== null && count !== campaign.recipientCount) {
          setCampaign({ ...campaign, recipientCount: count });
        }
        setPayment(answer.payment);
        setStep('payment');
      }
    } catch (error) {
      reportError(error, 'Não foi possível enviar a campanha', callbacks);
    } finally {
      setBusy(null);
    }
  }, [campaign, callbacks, confirmed]);

  /**
   * The PSP confirmed the payment and the server already sent or scheduled the campaign. Asking
   * 'Enviar' once more (idempotent once confirmed) brings the campaign as it now is; without an
   * answer the reviewed one stands in, the success text being the same.
   */
  const paid = useCallback(
    async (settled: PaymentJson) => {
      if (!campaign || settled.campaignId !== campaign.id) return;
      let shown = campaign;
      try {
        const answer = await sendCampaign(campaign.id);
        if (answer.kind === 'sent') shown = answer.campaign;
      } catch {
        // Offline right after paying: the server has it; the history catches up later.
      }
      await confirmed(shown);
    },
    [campaign, confirmed],
  );

  /** Closing the payment modal: back to the form; the draft and its campaign keep waiting. */
  const closePayment = useCallback(() => {
    setStep('form');
    setPayment(null);
  }, []);

  /** 'Editar Campanha': back to the form; the draft keeps its campaign id. */
  const edit = useCallback(() => setStep('form'), []);

  /** 'Entendido': the flow starts over. */
  const finish = useCallback(() => {
    setStep('form');
    setCampaign(null);
    setPreviewImage(null);
    setPayment(null);
  }, []);

  return {
    step,
    campaign,
    previewImage,
    busy,
    payment,
    review,
    send,
    paid,
    closePayment,
    edit,
    finish,
  };
}
