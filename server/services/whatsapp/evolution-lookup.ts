/** Reading Evolution's findMessages answer: did the gateway send (or fail) the message we asked about? */
import { jidToNumber, phoneVariants, toInternational } from './phone-jid';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});

/** The text of a stored message (Evolution keeps a link-preview text as `conversation`). */
function storedText(message: unknown): string {
  const m = obj(message);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return (
    str(m.conversation) || str(obj(m.extendedTextMessage).text) || str(obj(m.imageMessage).caption)
  );
}

/**
 * What a `POST /chat/findMessages` answer says about a message we sent: 'sent' when one of its
 * records (ours: fromMe, to this number, this text) exists and was not marked ERROR, 'failed'
 * when every one was (WhatsApp refused it), 'unknown' when none is there.
 */
export function lookupOutcome(
  body: unknown,
  toNumber: string,
  text: string,
): 'sent' | 'failed' | 'unknown' {
  const records = obj(obj(body).messages).records;
  if (!Array.isArray(records)) return 'unknown';
  const numbers = new Set(phoneVariants(jidToNumber(`${toInternational(toNumber)}@x`)));
  const ours = records.filter((r) => {
    const key = obj(obj(r).key);
    const jid = typeof key.remoteJid === 'string' ? key.remoteJid : '';
    return (
      key.fromMe === true &&
      numbers.has(jidToNumber(jid)) &&
      storedText(obj(r).message).trim() === text.trim()
    );
  });
  if (ours.length === 0) return 'unknown';
  const failed = (r: unknown) => {
    const updates = obj(r).MessageUpdate;
    const statuses = [
      obj(r).status,
      ...(Array.isArray(updates) ? updates : []).map((u) => obj(u).status),
    ].filter((v) => typeof v === 'string');
    return statuses.includes('ERROR') && !statuses.some((v) => /ACK|READ|PLAYED/.test(String(v)));
  };
  return ours.every(failed) ? 'failed' : 'sent';
}
