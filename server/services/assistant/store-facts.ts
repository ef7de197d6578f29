/** Everything the assistant may say about a store, loaded in one place from the database. */
import { and, eq, isNull } from 'drizzle-orm';
import type { Address } from '../../../src/domain/address';
import type { BusinessHours } from '../../../src/domain/hours';
import type { Db } from '../../db/client';
import { type BotPersonalizacao, products, stores } from '../../db/schema';

export type StoreFacts = {
  name: string;
  address: Address;
  phone: string;
  timezone: string;
  businessHours: BusinessHours;
  botAtivo: boolean;
  personalizacao: BotPersonalizacao;
  /** Active, non-deleted products only: the assistant never offers what is not for sale. */
  products: { name: string; description: string; price: string }[];
};

export async function loadStoreFacts(db: Db, storeId: string): Promise<StoreFacts | null> {
  const [store] = await db.select().from(stores).where(eq(stores.id, storeId)).limit(1);
  if (!store) return null;
  const rows = await db
    .select({ name: products.name, description: products.description, price: products.price })
    .from(products)
    .where(
      and(eq(products.storeId, storeId), eq(products.active, true), isNull(products.deletedAt)),
    )
    .orderBy(products.name)
    .limit(500);
  return {
    name: store.name,
    address: {
      logradouro: store.logradouro,
      numero: store.numero,
      complemento: store.complemento,
      bairro: store.bairro,
      cidade: store.cidade,
      uf: store.uf,
      cep: store.cep,
    },
    phone: store.phone,
    timezone: store.timezone,
    businessHours: store.businessHours,
    botAtivo: store.botAtivo,
    personalizacao: store.botPersonalizacao,
    products: rows,
  };
}

/** "Rua das Flores, 123 - Sala 2 - Centro, São Paulo/SP - CEP 01001-000", or '' when unknown. */
export function formatAddress(a: Address): string {
  const street = [a.logradouro, a.numero].filter(Boolean).join(', ');
  const city = [a.cidade, a.uf].filter(Boolean).join('/');
  const cep = /^\d{8}$/.test(a.cep) ? `${a.cep.slice(0, 5)}-${a.cep.slice(5)}` : a.cep;
  const parts = [street, a.complemento, a.bairro].filter(Boolean).join(' - ');
  const tail = [city, cep ? `CEP ${cep}` : ''].filter(Boolean).join(' - ');
  if (!street && !city) return '';
  return [parts, tail].filter(Boolean).join(', ');
}
