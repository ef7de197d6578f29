/** Receipts tests' setup: a campaign sent through the Evolution stand-in, and its messages.update played back. */
import { expect } from 'vitest';
import { instanceNameFor } from '../../server/services/whatsapp/connections';
import type { CustomerSeed } from './campaign-fixtures';
import type { startSendingHarness } from './campaign-sending-harness';
import { type Owner, send } from './fixtures';

export type Harness = Awaited<ReturnType<typeof startSendingHarness>>;

/** A store whose campaign to `list` went out; answers the campaign and each customer's message id. */
export async function sentCampaign(h: Harness, list: CustomerSeed[]) {
  const owner = await h.ownerWith(list);
  // Connecting re-points the instance's webhook at Talí (the stand-in keeps where and how).
  const qr = await send(h.t, 'GET', '/api/whatsapp/generate-qr', { token: owner.token });
  expect(qr.body.connected).toBe(true);
  const id = await h.draft(owner);
  const res = await send(h.t, 'POST', '/api/campanhas/enviar', {
    token: owner.token,
    body: { campaignId: id },
  });
  expect(res.status).toBe(200);
  expect((await h.drain(h.senderDeps(), owner.storeId))?.kind).toBe('idle');
  return { owner, id, ids: messageIds(h, owner.storeId) };
}

/** Name-independent: national number → the id the gateway answered its send with. */
export function messageIds(h: Harness, storeId: string): Map<string, string> {
  const kept = h.fake.stored.get(instanceNameFor(storeId)) ?? [];
  return new Map(kept.map((m) => [m.key.remoteJid.replace(/^55|@.*$/g, ''), m.key.id]));
}

/** Evolution calls the store's webhook as it does for messages.update (same url, headers, body). */
export async function playUpdate(
  h: Harness,
  storeId: string,
  keyId: string,
  status: string,
  tweak: (body: Record<string, unknown>) => void = () => {},
) {
  const call = h.fake.messagesUpdate(instanceNameFor(storeId), keyId, status);
  tweak(call.body as unknown as Record<string, unknown>);
  const res = await h.t.app.request(new URL(call.url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...call.headers },
    body: JSON.stringify(call.body),
  });
  return res.status;
}

export async function report(h: Harness, owner: Owner, id: string) {
  const res = await send(h.t, 'GET', `/api/campanhas/${id}/relatorio`, { token: owner.token });
  expect(res.status).toBe(200);
  return res.body as {
    counts: Record<string, number>;
    rates: Record<string, number>;
    recipients: { name: string; phone: string; status: string; error: string | null; at: string }[];
  };
}

export const statusOf = (r: Awaited<ReturnType<typeof report>>, name: string) =>
  r.recipients.find((x) => x.name === name)?.status;
