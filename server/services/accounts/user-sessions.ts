/**
 * An owner's sessions as they manage them: the list (Configurações → Segurança), ending one,
 * ending all, and the password change that ends every other one. Always scoped to the user.
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** One session as the owner sees it: never its token nor the token's hash. */
export type SessionView = {
  id: string;
  criadaEm: string;
  ultimoUso: string;
  aparelho: string;
  /** The session that asked (this phone). */
  atual: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's live sessions: this one first, then the most recently used. */
export async function listSessions(
  db: Db,
  userId: string,
  currentId: string,
  now: Date,
): Promise<SessionView[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      device: sessions.device,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const views = rows.map((row) => ({
    id: row.id,
    criadaEm: row.createdAt.toISOString(),
    // The caller's own session is in use right now (its row is renewed at most hourly).
    ultimoUso: (row.id === currentId ? now : row.lastUsedAt).toISOString(),
    aparelho: row.device || 'Aparelho desconhecido',
    atual: row.id === currentId,
  }));
  return [...views.filter((v) => v.atual), ...views.filter((v) => !v.atual)];
}

/** Ends one of the user's sessions; false when the user has no such live session. */
export async function endSession(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  // A malformed id is no session (and would be a uuid cast error in the query).
  if (!UUID.test(id)) return false;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the user, the caller's too; how many were live. */
export async function endAllSessions(db: Db, userId: string, now: Date): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ expiresAt: sessions.expiresAt });
  return ended.filter((s) => s.expiresAt > now).length;
}

export type PasswordChange = {
  userId: string;
  /** The caller's session: it stays. */
  sessionId: string;
  /** The hash the current password was checked against. */
  checkedHash: string;
  newHash: string;
  now: Date;
};

export type PasswordChangeResult =
  | { kind: 'changed'; ended: number }
  /** The password changed since it was checked (another change won): the check is void. */
  | { kind: 'stale' }
  /** The caller's session was ended meanwhile (by that other change, or 'sair de todos'). */
  | { kind: 'signed-out' };

/**
 * Sets the new password and ends every other session, at once. The user's row is locked first,
 * so two changes (and a login's session, see createSession) take turns: of two changes at once
 * the second finds its check void, and no session made with the old password survives.
 */
export async function changePassword(
  db: Db,
  change: PasswordChange,
): Promise<PasswordChangeResult> {
  const { userId, sessionId, checkedHash, newHash, now } = change;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || user.passwordHash !== checkedHash) return { kind: 'stale' } as const;
    const [mine] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)));
    if (!mine) return { kind: 'signed-out' } as const;
    await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, userId));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)))
      .returning({ expiresAt: sessions.expiresAt });
    return { kind: 'changed', ended: ended.filter((s) => s.expiresAt > now).length } as const;
  });
}
