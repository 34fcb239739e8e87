import { hash, verify } from '@node-rs/argon2';
import {
  CODE_PURPOSES,
  DEFAULT_COUNTRY_CODE,
  type LoginBody,
  type RegisterBody,
} from '@tandem/contract/user';
import { and, eq, isNull } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { assertPasswordSignInOpen, clearSignInFailures, recordSignInFailure } from './sign-in-failures.ts';
import { consumeCode } from './verification-codes.ts';

/** The owner's roles in a team: owner, and the back-office right. */
export const OWNER_TEAM_ROLES = ['team_owner', 'team_manage'];
const PERSONAL_TEAM_TYPE = 1;

export type Address =
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phone: string; countryCode: string };

export const addressKey = (a: Address) => (a.kind === 'email' ? a.email : `+${a.countryCode}${a.phone}`);
export const codeTargetOf = (a: Address, purpose: number) => ({
  channel: a.kind === 'email' ? ('email' as const) : ('sms' as const),
  target: addressKey(a),
  purpose,
});

/** The sign-in name is an email when it has an @, otherwise a phone number (China unless told). */
export function addressFromUserName(userName: string, countryCode?: string): Address {
  return userName.includes('@')
    ? { kind: 'email', email: userName.toLowerCase() }
    : {
        kind: 'phone',
        phone: userName.replace(/^\+?86(?=1\d{10}$)/, ''),
        countryCode: countryCode ?? DEFAULT_COUNTRY_CODE,
      };
}

/** The address of a `{email}` or `{phone, country_code}` payload. */
export const addressOfBody = (body: { email: string } | { phone: string; country_code: string }): Address =>
  'email' in body
    ? { kind: 'email', email: body.email }
    : { kind: 'phone', phone: body.phone, countryCode: body.country_code };

export async function findUserByAddress(db: Db, address: Address) {
  const where =
    address.kind === 'email'
      ? eq(users.email, address.email)
      : and(eq(users.phone, address.phone), eq(users.countryCode, address.countryCode));
  const [user] = await db
    .select()
    .from(users)
    .where(and(where, isNull(users.deletedAt)))
    .limit(1);
  return user;
}

/** Creates the account and its personal team in one transaction; the code is used up first. */
export async function registerUser(
  db: Db,
  body: RegisterBody,
  preference: { languageKey: string; themeId: number },
): Promise<number> {
  const address = addressOfBody(body);
  if (await findUserByAddress(db, address)) throw new AppError('ACCOUNT_EXISTS');
  await consumeCode(db, codeTargetOf(address, CODE_PURPOSES.register), body.valid_code);
  const passwordHash = await hash(body.password);
  const teamName =
    address.kind === 'email' ? (address.email.split('@')[0] ?? address.email) : address.phone.slice(-4);
  return createAccount(db, {
    userName: addressKey(address),
    email: address.kind === 'email' ? address.email : null,
    phone: address.kind === 'phone' ? address.phone : null,
    countryCode: address.kind === 'phone' ? address.countryCode : null,
    passwordHash,
    teamName,
    ...preference,
  });
}

type NewAccount = Pick<
  typeof users.$inferInsert,
  'userName' | 'email' | 'phone' | 'countryCode' | 'passwordHash' | 'languageKey' | 'themeId'
> & {
  nickName?: string;
  teamName: string;
};

/**
 * A user with a personal team they own and manage, in one transaction. An address taken by a racing
 * registration answers "account exists".
 */
export async function createAccount(db: Db, account: NewAccount): Promise<number> {
  const { teamName, ...columns } = account;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values(columns).returning({ id: users.id });
      if (!user) throw new AppError('OPERATION_FAILED');
      const [team] = await tx
        .insert(teams)
        .values({ name: teamName, teamType: PERSONAL_TEAM_TYPE, ownerId: user.id })
        .returning({ id: teams.id });
      if (!team) throw new AppError('OPERATION_FAILED');
      await tx.insert(teamMembers).values({ teamId: team.id, userId: user.id, teamRoles: OWNER_TEAM_ROLES });
      await tx.update(users).set({ currentTeamId: team.id }).where(eq(users.id, user.id));
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS');
    throw error;
  }
}

export type User = typeof users.$inferSelect;

/**
 * Checks the credentials of a sign-in and answers the user id. Every failure counts toward the lock
 * of its address; the failure that starts a lock calls `warnOwner`.
 */
export async function verifyCredentials(
  db: Db,
  body: LoginBody,
  ipAddress: string,
  warnOwner?: (user: User) => Promise<void>,
): Promise<number> {
  const address = addressFromUserName(body.user_name, body.country_code);
  const account = addressKey(address);
  // A code reaches only the owner's mailbox or phone, so it stays open while passwords are locked.
  if (body.login_type !== 1) await assertPasswordSignInOpen(db, account, ipAddress);
  const user = await findUserByAddress(db, address);
  try {
    if (body.login_type === 1) {
      await consumeCode(db, codeTargetOf(address, CODE_PURPOSES.signIn), body.valid_code);
      if (!user) throw new AppError('CODE_CHECK_FAILED');
    } else if (!user?.passwordHash || !(await verify(user.passwordHash, body.password))) {
      throw new AppError('PASSWORD_ERROR');
    }
  } catch (error) {
    const isLockStart = await recordSignInFailure(db, account, ipAddress);
    if (isLockStart && user) await warnOwner?.(user);
    throw error;
  }
  if (user.appRole.length === 0 || user.hasRoles.length === 0) throw new AppError('NO_APP_PERMISSION');
  await clearSignInFailures(db, account, ipAddress);
  return user.id;
}
