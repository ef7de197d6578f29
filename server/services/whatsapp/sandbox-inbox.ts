/** The sandbox page's conversation: what the store sent and what "customers" wrote, in order. */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationMessages, sandboxMessages } from '../../db/schema';

export type SandboxLine = {
  from: 'store' | 'customer';
  phone: string;
  text: string;
  mediaUrl: string | null;
  at: Date;
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
  return [
    ...sent.map((m) => ({
      from: 'store' as const,
      phone: m.toNumber,
      text: m.text,
      mediaUrl: m.mediaUrl,
      at: m.createdAt,
    })),
    ...received.map((m) => ({
      from: 'customer' as const,
      phone: m.phone,
      text: m.text,
      mediaUrl: null,
      at: m.createdAt,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}
