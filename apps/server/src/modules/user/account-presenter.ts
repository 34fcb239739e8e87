import { DEFAULT_LOCALE, LOCALES, normaliseLocale, THEME_IDS, type ThemeMode } from '@tandem/contract/i18n';
import type { AccountUser } from '@tandem/contract/user';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { currentPlanName, pointsBalance } from '../quotas/index.ts';

export const themeKeyOf = (themeId: number) =>
  (Object.entries(THEME_IDS).find(([, id]) => id === themeId)?.[0] ?? 'system') as ThemeMode;

/** Language ids of the preference calls: the position in the locale list, from 1. */
export const languageIdOf = (key: string) =>
  Math.max(1, LOCALES.indexOf(key as (typeof LOCALES)[number]) + 1);

/** The account of a signed-in call, from the identity cache when the same user called just before. */
export async function cachedAccount(db: Db, userId: number): Promise<AccountUser> {
  const cache = identityCacheOf(db);
  const cached = cache.accounts.get(userId);
  if (cached) return cached;
  const stamp = cache.stamp();
  const account = await presentAccount(db, userId);
  cache.rememberAccount(userId, account, stamp);
  return account;
}

/** The signed-in user as the client sees it: an allow-list, so new columns never leak. */
export async function presentAccount(db: Db, userId: number): Promise<AccountUser> {
  const [row] = await db
    .select({ user: users, team: teams, roles: teamMembers.teamRoles })
    .from(users)
    .innerJoin(teams, eq(teams.id, users.currentTeamId))
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.user.deletedAt) throw new AppError('LOGIN_INVALID');
  const { user, team, roles } = row;
  return {
    id: user.id,
    user_name: user.userName,
    real_name: user.realName,
    nick_name: user.nickName,
    phone: user.phone ?? '',
    country_code: user.countryCode ?? '',
    email: user.email ?? '',
    avatar: user.avatar,
    current_team_id: team.id,
    current_team: {
      team_id: team.id,
      id: team.id,
      name: team.name,
      avatar: team.avatar,
      team_type: team.teamType,
      team_roles: roles,
    },
    current_team_ver: {
      ...(await currentPlanName(db, team.id, normaliseLocale(user.languageKey) ?? DEFAULT_LOCALE)),
      numerical_auth: { points_quota: { points_quota_surplus_numerical: await pointsBalance(db, team.id) } },
    },
    has_roles: user.hasRoles,
    app_role: user.appRole,
    is_super: user.isSuper,
    preference: {
      theme_id: user.themeId,
      theme_key: themeKeyOf(user.themeId),
      language_id: languageIdOf(user.languageKey),
      language_key: user.languageKey,
    },
    created_at: user.createdAt.toISOString(),
  };
}
