/**
 * A payment as the app sees it: `{ id, campaignId, valor, status, pixQrCode, pixCopiaECola,
 * expiresAt, paidAt, refundReason }` (+ `sandboxUrl` with the sandbox PSP while pending).
 */
import QRCode from 'qrcode';
import type { PaymentStatus, PaymentJson as PaymentView } from '../../../src/domain/pix/payment';
import type { PaymentRow } from '../../db/payment-row';
import type { Services } from '../../types';

export type { PaymentJson as PaymentView, PaymentStatus } from '../../../src/domain/pix/payment';

/** PNG data URL of a BR Code, sized for a phone screen. */
export function qrDataUrl(brCode: string): Promise<string> {
  return QRCode.toDataURL(brCode, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

export function toPaymentView(deps: Services, row: PaymentRow): PaymentView {
  const sandbox =
    deps.pix?.provider === 'sandbox' && row.provider === 'sandbox' && 'pageUrl' in deps.pix
      ? (deps.pix as { pageUrl(txid: string): string }).pageUrl(row.txid)
      : undefined;
  return {
    id: row.id,
    campaignId: row.campaignId,
    valor: row.valor,
    status: row.status as PaymentStatus,
    pixQrCode: row.pixQrCode,
    pixCopiaECola: row.pixCopiaECola,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    refundReason: row.refundId || row.refundDue ? (row.refundReason ?? row.refundDue) : null,
    refundAmount: row.refundId
      ? (row.refundAmount ?? row.paidAmount ?? row.valor)
      : row.refundDue
        ? (row.paidAmount ?? row.valor)
        : null,
    refundStatus: row.refundId ? ((row.refundStatus as PaymentView['refundStatus']) ?? null) : null,
    ...(sandbox && row.status === 'pendente' ? { sandboxUrl: sandbox } : {}),
  };
}
