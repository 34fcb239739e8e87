import {
  SIGN_IN_ALERT_INTERVAL_MS,
  SIGN_IN_FAILURE_HISTORY_MS,
  SIGN_IN_FAILURE_WINDOW_MS,
  SIGN_IN_FAILURES_SHOWN,
  SIGN_IN_LOCK_MS,
  SIGN_IN_MAX_FAILURES,
} from '@tandem/contract/limits';
import { and, count, desc, eq, gt, inArray, lt, max, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signInFailures, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';

/** Failures of one account from one address inside the lock window: how many, and the newest. */
async function recentFailures(db: Db | Tx, account: string, ipAddress: string) {
  const [row] = await db
    .select({ n: count(), newest: max(signInFailures.createdAt) })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.account, account),
        eq(signInFailures.ipAddress, ipAddress),
        gt(signInFailures.createdAt, new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MS)),
      ),
    );
  return { n: row?.n ?? 0, newest: row?.newest ?? undefined };
}

/** When five failures from one address lock it out of an account, the end of that lock. */
export const lockedUntil = (failures: number, newest: Date | undefined) =>
  failures >= SIGN_IN_MAX_FAILURES && newest && newest.getTime() + SIGN_IN_LOCK_MS > Date.now()
    ? new Date(newest.getTime() + SIGN_IN_LOCK_MS)
    : undefined;

/**
 * Five failures from one address in 15 minutes lock password sign-in to the account from that
 * address for 15 minutes. Only that address: a lock for everyone would let anyone lock anyone out.
 */
export async function assertPasswordSignInOpen(db: Db, account: string, ipAddress: string) {
  const { n, newest } = await recentFailures(db, account, ipAddress);
  if (lockedUntil(n, newest)) throw new AppError('ACCOUNT_LOCKED');
}

/**
 * Counts a failed sign-in. Answers true when it is the one that locks its address out and the owner
 * has not been warned within the last hour (so many addresses cannot flood the owner's inbox).
 * Failures of one account take turns, so two racing failures cannot both be the fifth.
 */
export async function recordSignInFailure(db: Db, account: string, ipAddress: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${account}`}))`);
    await tx
      .delete(signInFailures)
      .where(
        and(
          eq(signInFailures.account, account),
          lt(signInFailures.createdAt, new Date(Date.now() - SIGN_IN_FAILURE_HISTORY_MS)),
        ),
      );
    const [failure] = await tx
      .insert(signInFailures)
      .values({ account, ipAddress })
      .returning({ id: signInFailures.id });
    const { n } = await recentFailures(tx, account, ipAddress);
    if (!failure || n !== SIGN_IN_MAX_FAILURES) return false;
    const [alerted] = await tx
      .select({ id: signInFailures.id })
      .from(signInFailures)
      .where(
        and(
          eq(signInFailures.account, account),
          eq(signInFailures.isAlerted, true),
          gt(signInFailures.createdAt, new Date(Date.now() - SIGN_IN_ALERT_INTERVAL_MS)),
        ),
      )
      .limit(1);
    if (alerted) return false;
    await tx.update(signInFailures).set({ isAlerted: true }).where(eq(signInFailures.id, failure.id));
    return true;
  });
}

/** A successful sign-in from an address: its earlier failures were the owner's own typing. */
export async function clearSignInFailures(db: Db, account: string, ipAddress: string) {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.account, account), eq(signInFailures.ipAddress, ipAddress)));
}

/** The names a user signs in with: their email and their phone in international form. */
async function accountsOf(db: Db, userId: number): Promise<string[]> {
  const [user] = await db
    .select({ email: users.email, phone: users.phone, countryCode: users.countryCode })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return [];
  return [user.email, user.phone ? `+${user.countryCode}${user.phone}` : null].filter(
    (account): account is string => Boolean(account),
  );
}

/** The owner's view: failed sign-ins of the last 30 days per address, the latest addresses first. */
export async function failuresOfUser(db: Db, userId: number) {
  const accounts = await accountsOf(db, userId);
  if (accounts.length === 0) return [];
  const windowStart = new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MS).toISOString();
  const rows = await db
    .select({
      ipAddress: signInFailures.ipAddress,
      n: count(),
      recent:
        sql<number>`count(*) filter (where ${signInFailures.createdAt} > ${windowStart}::timestamptz)`.mapWith(
          Number,
        ),
      first: min(signInFailures.createdAt),
      last: max(signInFailures.createdAt),
    })
    .from(signInFailures)
    .where(
      and(
        inArray(signInFailures.account, accounts),
        gt(signInFailures.createdAt, new Date(Date.now() - SIGN_IN_FAILURE_HISTORY_MS)),
      ),
    )
    .groupBy(signInFailures.ipAddress)
    .orderBy(desc(max(signInFailures.createdAt)))
    .limit(SIGN_IN_FAILURES_SHOWN);
  return rows.map((row) => ({
    ipAddress: row.ipAddress,
    count: row.n,
    first: row.first ?? new Date(0),
    last: row.last ?? new Date(0),
    lockedUntil: lockedUntil(row.recent, row.last ?? undefined),
  }));
}
