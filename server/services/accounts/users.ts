/** User rows: sign-up, look-up by e-mail for login or by id, password rehash, the session's e-mail. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstRow } from '../../db/first-row';
import { preparedPerDb } from '../../db/prepared';
import { users } from '../../db/schema';

/** The new user's id, or null when the e-mail is taken (racing sign-ups give one account). */
export async function insertUser(
  db: Db,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<string | null> {
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash, createdAt: now })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return user?.id ?? null;
}

export async function findUserByEmail(db: Db, email: string) {
  return firstRow(
    db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email)),
  );
}

/** The user's e-mail (the login attempt counters' key) and password hash, by id. */
export async function findUserById(db: Db, userId: string) {
  return firstRow(
    db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId)),
  );
}

/**
 * A stronger hash of the same password after a login. Only over the hash that login checked: a
 * password changed meanwhile (user-sessions.ts) must not be put back to the old one.
 */
export async function rehashPassword(
  db: Db,
  userId: string,
  checkedHash: string,
  passwordHash: string,
) {
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)));
}

const userEmailQuery = preparedPerDb((db) =>
  db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('find_user_email'),
);

/** GET /api/auth/me asks this on every call: a prepared query. */
export async function findUserEmail(db: Db, userId: string): Promise<string | null> {
  const [user] = await userEmailQuery(db).execute({ userId });
  return user?.email ?? null;
}
