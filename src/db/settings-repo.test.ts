/** Saving the store's settings on the device first: sent, queued offline, refused (fake-indexeddb). */
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDeliverySettings } from '~/domain/delivery';
import type { StoreMe } from '~/domain/schemas';
import { acknowledgeSettings, pendingSettings, STORE_KEY, withPending } from './pending-settings';
import { saveSetting } from './settings-repo';
import { json, testContext } from './test-support';

let ctx: ReturnType<typeof testContext>;
afterEach(() => ctx.db.delete());

describe('saveSetting', () => {
  it('online: PUT with the section tag, then nothing is left pending', async () => {
    ctx = testContext((req) => json(200, { name: 'Nova', ...(req.body as object) }));
    const result = await saveSetting('store-data', { name: 'Nova' }, ctx);
    expect(result).toMatchObject({ status: 'sent', httpStatus: 200 });
    expect(ctx.sent).toMatchObject([
      { method: 'PUT', url: '/api/stores/me', body: { name: 'Nova' } },
    ]);
    expect(ctx.sent[0]?.headers['X-Tali-Entity']).toBe('store-data:me');
    expect(await pendingSettings(ctx.db)).toEqual([]);
  });

  it('queued by the worker: the body waits on the device and reads on top of the cached store', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await saveSetting('bot-config', { botAtivo: true }, ctx, () => 10);
    await saveSetting(
      'store-hours',
      { businessHours: {} as StoreMe['businessHours'] },
      ctx,
      () => 11,
    );
    expect(await saveSetting('bot-config', { botAtivo: false }, ctx, () => 12)).toEqual({
      status: 'queued',
    });
    const pending = await pendingSettings(ctx.db);
    expect(pending.map((p) => p.kind)).toEqual(['store-hours', 'bot-config']);
    const store = { name: 'Loja', botAtivo: true } as StoreMe;
    expect(withPending(store, pending)).toMatchObject({ name: 'Loja', botAtivo: false });
  });

  it('an acknowledgement of an older save leaves the newer one pending (one rule)', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await saveSetting('store-data', { name: 'A' }, ctx, () => 1);
    await saveSetting('store-data', { name: 'B' }, ctx, () => 2);
    await acknowledgeSettings(ctx.db, [{ kind: 'store-data', stamp: 1 }]);
    expect(await pendingSettings(ctx.db)).toMatchObject([{ body: { name: 'B' } }]);
    await acknowledgeSettings(ctx.db, [{ kind: 'store-data', stamp: 2 }]);
    expect(await pendingSettings(ctx.db)).toEqual([]);
  });

  it("refused: the server's message comes back, the values tried stay on the device with it", async () => {
    ctx = testContext(() => json(400, { message: 'Telefone inválido' }));
    const result = await saveSetting('store-data', { name: 'Loja', phone: '123' }, ctx);
    expect(result).toEqual({ status: 'refused', httpStatus: 400, message: 'Telefone inválido' });
    expect(await pendingSettings(ctx.db)).toMatchObject([{ body: { phone: '123' } }]);
    expect(await ctx.db.deadLetters.toArray()).toMatchObject([
      { entity: 'store-data', entityId: 'me', message: 'Telefone inválido' },
    ]);
    // A corrected save that the server takes clears both.
    ctx.respond(() => json(200, {}));
    await saveSetting('store-data', { name: 'Loja', phone: '31998761234' }, ctx);
    expect(await pendingSettings(ctx.db)).toEqual([]);
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });

  it("'Entrega' offline: PUT /api/entrega queued, read as the store's delivery until acknowledged", async () => {
    ctx = testContext(() => json(202, { queued: true }));
    const delivery = {
      ...defaultDeliverySettings(),
      zonas: [{ nome: 'Centro', bairros: ['Centro'], taxa: '5.00', prazo: '' }],
    };
    expect(await saveSetting('delivery', delivery, ctx, () => 5)).toEqual({ status: 'queued' });
    expect(ctx.sent).toMatchObject([{ method: 'PUT', url: '/api/entrega', body: delivery }]);
    expect(ctx.sent[0]?.headers['X-Tali-Entity']).toBe('delivery:me');
    const store = { name: 'Loja', delivery: defaultDeliverySettings() } as StoreMe;
    const shown = withPending(store, await pendingSettings(ctx.db));
    expect(shown).toMatchObject({ name: 'Loja', delivery });
    expect(shown).not.toHaveProperty('zonas');
    await ctx.db.meta.put({ key: STORE_KEY, value: store });
    await acknowledgeSettings(ctx.db, [{ kind: 'delivery', stamp: 5 }]);
    expect(await pendingSettings(ctx.db)).toEqual([]);
    expect((await ctx.db.meta.get(STORE_KEY))?.value).toMatchObject({ delivery });
  });
});
