/** Shared data for the WhatsApp and assistant tests: a store with known hours, address and products. */
import { randomUUID } from 'node:crypto';
import { createSession } from '../../server/auth/sessions';
import type { Db } from '../../server/db/client';
import { products, stores, users } from '../../server/db/schema';
import type { BusinessHours } from '../../src/domain/hours';

export const HOURS: BusinessHours = {
  domingo: { enabled: false, start: '08:00', end: '18:00' },
  segunda: { enabled: true, start: '08:00', end: '18:00' },
  terca: { enabled: true, start: '08:00', end: '18:00' },
  quarta: { enabled: true, start: '08:00', end: '18:00' },
  quinta: { enabled: true, start: '08:00', end: '18:00' },
  sexta: { enabled: true, start: '08:00', end: '18:00' },
  sabado: { enabled: true, start: '09:00', end: '13:00' },
};

export const PRODUCTS = [
  { name: 'Camiseta Básica', price: '59.90', active: true },
  { name: 'Café Especial 500g', price: '32.50', active: true },
  { name: 'Pão de Queijo', price: '4.00', active: true },
  { name: 'Bolo de Cenoura', price: '25.00', active: true },
  { name: 'Caneca Colecionável', price: '45.00', active: false },
];

/** A user, their store (bot on unless told) and a session token. */
export async function seedStore(
  db: Db,
  options: { botAtivo?: boolean; guidance?: string; withProducts?: boolean } = {},
) {
  const [user] = await db
    .insert(users)
    .values({ email: `dono-${randomUUID()}@exemplo.com.br`, passwordHash: 'x' })
    .returning();
  if (!user) throw new Error('no user');
  const [store] = await db
    .insert(stores)
    .values({
      userId: user.id,
      slug: `loja-${randomUUID().slice(0, 8)}`,
      name: 'Empório da Ana',
      logradouro: 'Rua das Flores',
      numero: '123',
      bairro: 'Centro',
      cidade: 'São Paulo',
      uf: 'SP',
      cep: '01001000',
      timezone: 'America/Sao_Paulo',
      businessHours: HOURS,
      botAtivo: options.botAtivo ?? true,
      botPersonalizacao: {
        mensagemBoasVindas: options.guidance ?? '',
        tomVoz: '',
        informacoesImportantes: '',
      },
    })
    .returning();
  if (!store) throw new Error('no store');
  if (options.withProducts !== false) {
    await db
      .insert(products)
      .values(PRODUCTS.map((p) => ({ id: randomUUID(), storeId: store.id, ...p })));
    await db.insert(products).values({
      id: randomUUID(),
      storeId: store.id,
      name: 'Boné Aposentado',
      price: '30.00',
      deletedAt: new Date(),
    });
  }
  const token = await createSession(db, { userId: user.id, device: '' }, new Date());
  return { storeId: store.id, userId: user.id, token };
}

/** An Evolution `messages.upsert` webhook body from a Brazilian number. */
export function upsert(
  text: string,
  options: { from?: string; fromMe?: boolean; name?: string; sentAt?: Date } = {},
) {
  return {
    event: 'messages.upsert',
    instance: 'tali-x',
    data: {
      key: {
        remoteJid: `55${options.from ?? '11987654321'}@s.whatsapp.net`,
        fromMe: options.fromMe ?? false,
        id: randomUUID(),
      },
      pushName: options.name ?? 'Maria Souza',
      message: { conversation: text },
      messageType: 'conversation',
      // Left out unless asked for, so tests with a fake clock never look like old history.
      messageTimestamp: options.sentAt ? Math.floor(options.sentAt.getTime() / 1000) : undefined,
    },
  };
}
