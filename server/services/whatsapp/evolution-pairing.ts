/**
 * 'Conectar com código' on Evolution API v2: linking the store's number by an 8-character
 * pairing code instead of a QR (for an owner whose only phone is the one to link).
 */
import type { EvolutionHttp } from './evolution-http';
import type { ConnectionState, PairingResult } from './gateway';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});

/** Baileys' code is 8 letters and digits; some versions group it with a dash. */
export function pairingCodeOf(body: unknown): string | null {
  const raw = obj(body).pairingCode ?? obj(obj(body).qrcode).pairingCode;
  if (typeof raw !== 'string') return null;
  const code = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return code.length === 8 ? code : null;
}

export type PairingPlan = {
  instance: string;
  /** Full international digits of the store's number. */
  number: string;
  /** The instance's state at the gateway now; null when it does not exist there. */
  state: ConnectionState | null;
  /** Body of POST /instance/create when the instance must be created. */
  create: Obj;
  /** Body of POST /webhook/set for an instance that exists. */
  repoint: Obj;
  pollDelaysMs: number[];
};

/**
 * Evolution only asks WhatsApp for a pairing code when it starts a connection with `number`
 * (`connectToWhatsapp(number)`), which its connect route does only from 'close': an instance
 * still showing a QR ('connecting') is logged out first. The code arrives a moment after the
 * connection starts (Baileys waits for its first QR event), so connect is read again a few times.
 */
export async function requestPairingCode(
  http: EvolutionHttp,
  plan: PairingPlan,
): Promise<PairingResult> {
  if (plan.state === 'connected') return { pairingCode: null, state: 'connected' };
  const connectPath = `/instance/connect/${plan.instance}?number=${plan.number}`;
  if (plan.state === null) {
    const created = await http.expectOk('POST', '/instance/create', plan.create);
    const code = pairingCodeOf(created);
    if (code) return { pairingCode: code, state: 'connecting' };
  } else {
    await http.expectOk('POST', `/webhook/set/${plan.instance}`, plan.repoint);
    // A QR session started without the number never produces a code: start it again with it.
    if (plan.state === 'connecting')
      await http.request('DELETE', `/instance/logout/${plan.instance}`);
  }
  for (const wait of [0, ...plan.pollDelaysMs]) {
    if (wait) await new Promise((r) => setTimeout(r, wait));
    const body = await http.expectOk('GET', connectPath);
    if (obj(obj(body).instance).state === 'open') return { pairingCode: null, state: 'connected' };
    const code = pairingCodeOf(body);
    if (code) return { pairingCode: code, state: 'connecting' };
  }
  return { pairingCode: null, state: 'connecting' };
}
