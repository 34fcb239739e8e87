import { hash } from '@node-rs/argon2';
import { CODE_EXPIRY_MS } from '@tandem/contract/limits';
import { CODE_PURPOSES } from '@tandem/contract/user';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client.ts';
import { resetTokens, users } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { hashToken, newToken } from '../../platform/auth/opaque-tokens.ts';
import { endAllSessions } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { accessChanged } from '../../platform/realtime/access-changes.ts';
import { type Address, addressKey, codeTargetOf, findUserByAddress } from './accounts.ts';
import { consumeCode } from './verification-codes.ts';

type ResetPurpose = 'password' | 'email' | 'phone';

/** A reset token lives as long as a code: 10 minutes, single use. */
const RESET_TOKEN_LIFETIME_MS = CODE_EXPIRY_MS;

export async function issueResetToken(db: Db, userId: number, purpose: ResetPurpose): Promise<string> {
  const token = newToken();
  await db.insert(resetTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
  });
  return token;
}

const liveToken = (token: string, purpose: ResetPurpose) =>
  and(
    eq(resetTokens.tokenHash, hashToken(token)),
    eq(resetTokens.purpose, purpose),
    isNull(resetTokens.usedAt),
    gt(resetTokens.expiresAt, new Date()),
  );

/** The user a live token was issued to (optionally: only if it is this user), else 1030. */
async function userOfToken(db: Db, token: string, purpose: ResetPurpose, userId?: number) {
  const [row] = await db
    .select({ userId: resetTokens.userId })
    .from(resetTokens)
    .where(liveToken(token, purpose))
    .limit(1);
  if (!row || (userId !== undefined && row.userId !== userId)) throw new AppError('RESET_TOKEN_INVALID');
  return row.userId;
}

/** Marks the token used inside the change's transaction; a token raced by another request is refused. */
async function spendToken(tx: Pick<Db, 'update'>, token: string, purpose: ResetPurpose) {
  const spent = await tx
    .update(resetTokens)
    .set({ usedAt: new Date() })
    .where(liveToken(token, purpose))
    .returning({ userId: resetTokens.userId });
  if (spent.length === 0) throw new AppError('RESET_TOKEN_INVALID');
}

/** The account behind an address, or 1051 when there is none. */
async function requireAccount(db: Db, address: Address) {
  const user = await findUserByAddress(db, address);
  if (!user) throw new AppError('ACCOUNT_NOT_FOUND');
  return user;
}

/** Sets a new password and signs the user out everywhere. */
async function setPassword(db: Db, userId: number, password: string, token?: string) {
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    if (token) await spendToken(tx, token, 'password');
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endAllSessions(tx, userId, 'credentials');
  });
  identityCacheOf(db).forgetUser(userId);
  await accessChanged({ userIds: [userId] });
}

/** One-step reset: the code sent for a password reset, and the new password. */
export async function resetPasswordByCode(db: Db, address: Address, code: string, password: string) {
  const user = await requireAccount(db, address);
  await consumeCode(db, codeTargetOf(address, CODE_PURPOSES.resetPassword), code);
  await setPassword(db, user.id, password);
}

/** Step 1 of /forget: the code becomes a reset token. */
export async function resetTokenForCode(db: Db, address: Address, code: string) {
  const user = await requireAccount(db, address);
  await consumeCode(db, codeTargetOf(address, CODE_PURPOSES.resetPassword), code);
  return issueResetToken(db, user.id, 'password');
}

/** Step 2 of /forget. */
export async function resetPasswordByToken(db: Db, token: string, password: string) {
  const userId = await userOfToken(db, token, 'password');
  await setPassword(db, userId, password, token);
}

const currentAddressOf = (user: typeof users.$inferSelect, kind: Address['kind']): Address | undefined => {
  if (kind === 'email') return user.email ? { kind: 'email', email: user.email } : undefined;
  return user.phone && user.countryCode
    ? { kind: 'phone', phone: user.phone, countryCode: user.countryCode }
    : undefined;
};

async function loadUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw new AppError('LOGIN_INVALID');
  return user;
}

/** Change step 2: the code sent (type 2) to the current email or phone becomes a reset token. */
export async function changeTokenForCode(db: Db, userId: number, kind: Address['kind'], code: string) {
  const current = currentAddressOf(await loadUser(db, userId), kind);
  if (!current) throw new AppError('RESET_TOKEN_INVALID');
  await consumeCode(db, codeTargetOf(current, CODE_PURPOSES.change), code);
  return issueResetToken(db, userId, kind);
}

const DUPLICATE = { email: 'EMAIL_DUPLICATE', phone: 'PHONE_DUPLICATE' } as const;

/**
 * Change step 4, or binding when none is bound: the new address's code (type 2) is checked, the
 * address is set, and the user signs in again everywhere. A change needs the step-2 token.
 */
export async function changeAddress(
  db: Db,
  userId: number,
  next: Address,
  code: string,
  token: string | undefined,
) {
  const user = await loadUser(db, userId);
  const current = currentAddressOf(user, next.kind);
  if (token) await userOfToken(db, token, next.kind, userId);
  else if (current) throw new AppError('RESET_TOKEN_INVALID');
  if (current && addressKey(current) === addressKey(next)) throw new AppError(DUPLICATE[next.kind]);
  const owner = await findUserByAddress(db, next);
  if (owner) throw new AppError(DUPLICATE[next.kind]);
  await consumeCode(db, codeTargetOf(next, CODE_PURPOSES.change), code);
  try {
    await db.transaction(async (tx) => {
      if (token) await spendToken(tx, token, next.kind);
      await tx
        .update(users)
        .set(
          next.kind === 'email'
            ? { email: next.email }
            : { phone: next.phone, countryCode: next.countryCode },
        )
        .where(eq(users.id, userId));
      await endAllSessions(tx, userId, 'credentials');
    });
    identityCacheOf(db).forgetUser(userId);
    await accessChanged({ userIds: [userId] });
  } catch (error) {
    // Another account took the address between the check and the write.
    if (isUniqueViolation(error)) throw new AppError(DUPLICATE[next.kind]);
    throw error;
  }
}
