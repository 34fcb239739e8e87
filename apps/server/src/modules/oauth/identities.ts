import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userIdentities, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { createAccount, findUserByAddress } from '../user/index.ts';
import type { OidcClaims } from './oidc-client.ts';

/**
 * The user a provider account signs in as: the one linked before; else the account with the same
 * verified email, which gets linked; else a new account with a personal team.
 */
export async function userForIdentity(
  db: Db,
  claims: OidcClaims,
  preference: { languageKey: string; themeId: number },
): Promise<number> {
  const [linked] = await db
    .select({ userId: userIdentities.userId, deletedAt: users.deletedAt, appRole: users.appRole })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, claims.issuer), eq(userIdentities.subject, claims.subject)))
    .limit(1);
  if (linked && !linked.deletedAt) {
    if (linked.appRole.length === 0) throw new AppError('NO_APP_PERMISSION');
    return linked.userId;
  }

  const existing = claims.email
    ? await findUserByAddress(db, { kind: 'email', email: claims.email })
    : undefined;
  if (existing && existing.appRole.length === 0) throw new AppError('NO_APP_PERMISSION');
  const userId =
    existing?.id ??
    (await createAccount(db, {
      userName: claims.email ?? `${new URL(claims.issuer).hostname}:${claims.subject}`.slice(0, 254),
      email: claims.email ?? null,
      phone: null,
      countryCode: null,
      passwordHash: null,
      nickName: claims.name?.slice(0, 100) ?? '',
      teamName: claims.name?.slice(0, 100) || (claims.email?.split('@')[0] ?? 'Personal'),
      ...preference,
    }));
  await db
    .insert(userIdentities)
    .values({ issuer: claims.issuer, subject: claims.subject, userId, email: claims.email ?? null })
    .onConflictDoNothing();
  return userId;
}
