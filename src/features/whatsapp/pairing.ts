/** 'Conectar com código': GET /api/whatsapp/pairing-code and how the code is shown. */
import { apiRequest } from '~/lib/api';
import { STATUS_TIMEOUT_MS, type WhatsAppStatus } from '~/lib/whatsapp-status';

export type PairingAnswer = WhatsAppStatus & { pairingCode: string | null; sandboxUrl?: string };

export function fetchPairingCode(number: string): Promise<PairingAnswer> {
  return apiRequest<PairingAnswer>(
    'GET',
    `/api/whatsapp/pairing-code?number=${encodeURIComponent(number)}`,
    undefined,
    { signal: AbortSignal.timeout(STATUS_TIMEOUT_MS + 10_000) },
  );
}

/** WhatsApp shows its codes as two groups of four: 'ABCD-EFGH'. */
export function groupPairingCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}
