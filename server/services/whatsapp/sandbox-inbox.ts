/** The sandbox page's conversation: what the store sent and what "customers" wrote, in order. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { OPT_OUT_FOOTER } from '../../../src/domain/campaigns';
import type { Db } from '../../db/client';
import { conversationMessages, customers, sandboxMessages } from '../../db/schema';

export type SandboxLine = {
  from: 'store' | 'customer';
  phone: string;
  text: string;
  mediaUrl: string | null;
  at: Date;
  /** The store's customer with that number, so each one's campaign messages are recognisable. */
  name: string | null;
  /** A campaign message (they all end with the opt-out line). */
  campaign: boolean;
};

/** The last 100 of each side, oldest first. */
export async function sandboxConversation(db: Db, storeId: string): Promise<SandboxLine[]> {
  const sent = await db
    .select()
    .from(sandboxMessages)
    .where(eq(sandboxMessages.storeId, storeId))
    .orderBy(desc(sandboxMessages.createdAt))
    .limit(100);
  const received = await db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.storeId, storeId), eq(conversationMessages.direction, 'in')))
    .orderBy(desc(conversationMessages.createdAt))
    .limit(100);
  const names = new Map(
    (
      await db
        .select({ phone: customers.phone, name: customers.name })
        .from(customers)
        .where(and(eq(customers.storeId, storeId), isNull(customers.deletedAt)))
        .limit(5000)
    ).map((c) => [c.phone, c.name]),
  );
  return [
    ...sent.map((m) => ({
      from: 'store' as const,
      phone: m.toNumber,
      text: m.text,
      mediaUrl: m.mediaUrl,
      at: m.createdAt,
      name: names.get(m.toNumber) ?? null,
      campaign: m.text.endsWith(OPT_OUT_FOOTER),
    })),
    ...received.map((m) => ({
      from: 'customer' as const,
      phone: m.phone,
      text: m.text,
      mediaUrl: null,
      at: m.createdAt,
      name: names.get(m.phone) ?? null,
      campaign: false,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}
