/**
 * /api/etiquetas and a customer's `labels` (issue 22): names unique per store whatever the case,
 * labels assigned by id and checked against the store's own, deletion leaving every customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiCustomer } from '../../src/domain/customer';
import type { ApiLabel } from '../../src/domain/label';
import { createOwner, newId, type Owner } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;
let other: Owner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  other = await createOwner(t, 'Outra Loja');
});
afterAll(() => t.close());

let phones = 0;
const nextPhone = () => `1198760${String(++phones).padStart(4, '0')}`;

async function label(who: Owner, name: string): Promise<string> {
  const id = newId();
  const res = await t.call('POST', '/api/etiquetas', { id, name }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return id;
}

async function customer(who: Owner, labels?: string[]) {
  const id = newId();
  const body = { id, name: 'Ana', phone: nextPhone(), ...(labels ? { labels } : {}) };
  return { id, res: await t.call('POST', '/api/customers', body, who.token) };
}

type Feed = { labels: Array<Record<string, unknown>>; customers: Array<Record<string, unknown>> };
const feed = async (who: Owner) =>
  (await t.call('GET', '/api/sync?since=0&limit=5000', undefined, who.token)).body as Feed;

describe('labels', () => {
  it('creates, lists, renames and reaches the device through the feed', async () => {
    const id = newId();
    const created = await t.call('POST', '/api/etiquetas', { id, name: ' VIP ' }, owner.token);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id,
      name: 'VIP',
      revision: expect.any(Number),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const renamed = await t.call(
      'PUT',
      `/api/etiquetas/${id}`,
      { name: 'Clientes VIP' },
      owner.token,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Clientes VIP');
    const list = await t.call('GET', '/api/etiquetas', undefined, owner.token);
    expect(list.body).toContainEqual(renamed.body);
    const inFeed = (await feed(owner)).labels.find((l) => l.id === id);
    expect(inFeed).toEqual({
      id,
      name: 'Clientes VIP',
      revision: renamed.body.revision,
      deleted: false,
    });
    // Another store sees none of it.
    const theirs = await t.call('GET', '/api/etiquetas', undefined, other.token);
    expect(theirs.body).toEqual([]);
    expect((await t.call('PUT', `/api/etiquetas/${id}`, { name: 'x' }, other.token)).status).toBe(
      404,
    );
  });

  it('refuses a second label with the same name, whatever the case, with 409', async () => {
    await label(owner, 'Atacado');
    const dup = await t.call(
      'POST',
      '/api/etiquetas',
      { id: newId(), name: 'atacado' },
      owner.token,
    );
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Já existe uma etiqueta com esse nome');
    const accents = await label(owner, 'Ótica');
    const upper = await t.call(
      'POST',
      '/api/etiquetas',
      { id: newId(), name: 'ÓTICA' },
      owner.token,
    );
    expect(upper.status).toBe(409);
    // A rename onto another's name is refused too; onto its own name in another case is fine.
    const b = await label(owner, 'Bairro Centro');
    const clash = await t.call('PUT', `/api/etiquetas/${b}`, { name: 'ATACADO' }, owner.token);
    expect(clash.status).toBe(409);
    const self = await t.call('PUT', `/api/etiquetas/${accents}`, { name: 'ótica' }, owner.token);
    expect(self.status).toBe(200);
    // Another store may use the name; a deleted label frees it.
    await label(other, 'Atacado');
    await t.call('DELETE', `/api/etiquetas/${b}`, undefined, owner.token);
    await label(owner, 'bairro centro');
  });

  it('says what is wrong with a bad name (400), and replays a create idempotently', async () => {
    const blank = await t.call('POST', '/api/etiquetas', { id: newId(), name: '  ' }, owner.token);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Nome da etiqueta é obrigatório');
    const long = await t.call(
      'POST',
      '/api/etiquetas',
      { id: newId(), name: 'x'.repeat(41) },
      owner.token,
    );
    expect(long.status).toBe(400);
    const id = newId();
    const first = await t.call('POST', '/api/etiquetas', { id, name: 'Replay' }, owner.token);
    const again = await t.call('POST', '/api/etiquetas', { id, name: 'Replay' }, owner.token);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(first.body.revision);
  });
});

describe("a customer's labels", () => {
  it('carries its label ids in the answer, the list and the feed; a PUT replaces them', async () => {
    const vip = await label(owner, 'VIP cliente');
    const atacado = await label(owner, 'Atacado cliente');
    const { id, res } = await customer(owner, [vip, atacado, vip]);
    expect(res.status).toBe(201);
    const both = [vip, atacado].sort();
    expect(res.body.labels).toEqual(both);
    const list = await t.call<ApiCustomer[]>('GET', '/api/customers', undefined, owner.token);
    expect(list.body.find((c) => c.id === id)?.labels).toEqual(both);
    expect((await feed(owner)).customers.find((c) => c.id === id)?.labels).toEqual(both);
    const one = await t.call('GET', `/api/sync/customers/${id}`, undefined, owner.token);
    expect(one.body.labels).toEqual(both);

    const put = await t.call('PUT', `/api/customers/${id}`, { labels: [atacado] }, owner.token);
    expect(put.status).toBe(200);
    expect(put.body.labels).toEqual([atacado]);
    expect(put.body.revision).toBeGreaterThan(Number(res.body.revision));
    // A PUT without `labels` keeps them; the same labels again is no new revision.
    const rename = await t.call('PUT', `/api/customers/${id}`, { name: 'Ana Souza' }, owner.token);
    expect(rename.body.labels).toEqual([atacado]);
    const same = await t.call('PUT', `/api/customers/${id}`, { labels: [atacado] }, owner.token);
    expect(same.body.revision).toBe(rename.body.revision);
  });

  it("drops a deleted, unknown or another store's label from a customer and saves the rest", async () => {
    const theirs = await label(other, 'Deles');
    const gone = await label(owner, 'Apagada');
    const kept = await label(owner, 'Continua');
    await t.call('DELETE', `/api/etiquetas/${gone}`, undefined, owner.token);
    for (const labels of [[newId()], [theirs], [gone]]) {
      const { res } = await customer(owner, [...labels, kept]);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.labels).toEqual([kept]);
    }
    // An edit queued offline before another phone deleted 'Apagada': its name and phone land.
    const { id } = await customer(owner, [kept]);
    const edit = { name: 'Ana Editada', phone: nextPhone(), labels: [gone, kept] };
    const put = await t.call('PUT', `/api/customers/${id}`, edit, owner.token);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ name: 'Ana Editada', phone: edit.phone, labels: [kept] });
    const bad = await t.call('PUT', `/api/customers/${id}`, { labels: ['não-é-id'] }, owner.token);
    expect(bad.status).toBe(400);
    const notList = await t.call('PUT', `/api/customers/${id}`, { labels: 'VIP' }, owner.token);
    expect(notList.status).toBe(400);
    // Nothing links to another store's label or to a deleted one, in the list or the feed.
    const list = await t.call<ApiCustomer[]>('GET', '/api/customers', undefined, owner.token);
    expect(list.body.every((c) => !c.labels.includes(theirs) && !c.labels.includes(gone))).toBe(
      true,
    );
    const synced = (await feed(owner)).customers.find((c) => c.id === id);
    expect(synced?.labels).toEqual([kept]);
  });

  it('deleting a label removes it from its customers, and they reach the device again', async () => {
    const doomed = await label(owner, 'Vai sumir');
    const kept = await label(owner, 'Fica');
    const { id, res } = await customer(owner, [doomed, kept]);
    const del = await t.call('DELETE', `/api/etiquetas/${doomed}`, undefined, owner.token);
    expect(del.status).toBe(204);
    const since = res.body.revision;
    const changes = (await t.call('GET', `/api/sync?since=${since}`, undefined, owner.token))
      .body as Feed;
    expect(changes.customers.find((c) => c.id === id)?.labels).toEqual([kept]);
    expect(changes.labels.find((l) => l.id === doomed)).toEqual({
      id: doomed,
      deleted: true,
      revision: expect.any(Number),
    });
    // Deleting again is still 204; the label is gone from the list.
    expect(
      (await t.call('DELETE', `/api/etiquetas/${doomed}`, undefined, owner.token)).status,
    ).toBe(204);
    const list = await t.call<ApiLabel[]>('GET', '/api/etiquetas', undefined, owner.token);
    expect(list.body.some((l) => l.id === doomed)).toBe(false);
  });

  it('a customer created before any label has none, and a client that sends none keeps them', async () => {
    const { id, res } = await customer(owner);
    expect(res.body.labels).toEqual([]);
    const l = await label(owner, 'Depois');
    await t.call('PUT', `/api/customers/${id}`, { labels: [l] }, owner.token);
    // A replayed create (an older client: no labels in the body) does not clear them.
    const replay = await t.call(
      'POST',
      '/api/customers',
      { id, name: res.body.name, phone: res.body.phone },
      owner.token,
    );
    expect(replay.status).toBe(200);
    expect(replay.body.labels).toEqual([l]);
  });
});
