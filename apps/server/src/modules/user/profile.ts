import { LOCALE_NAMES, LOCALES, type Locale, THEME_IDS, THEME_MODES } from '@tandem/contract/i18n';
import { AVATAR_MAX_BYTES } from '@tandem/contract/limits';
import { translate } from '@tandem/contract/messages';
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files, teamMembers, teams, userIdentities, users } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { endAllSessions } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { accessChanged } from '../../platform/realtime/access-changes.ts';
import { languageIdOf, themeKeyOf } from './account-presenter.ts';

const FILE_URL_PREFIX = '/api/upload/files/';
/** The avatar formats, gif, jpg/jpeg, png and bmp, as detected from the bytes at upload. */
const AVATAR_TYPES = ['image/gif', 'image/jpeg', 'image/png', 'image/bmp'];

/** An avatar (a user's or a team's) must be an image of an avatar's type and size that this user uploaded. */
export async function assertAvatarImage(db: Db, userId: number, avatarUrl: string) {
  const [file] = await db
    .select({ byteSize: files.byteSize, mimeType: files.mimeType })
    .from(files)
    .where(
      and(
        eq(files.id, avatarUrl.slice(FILE_URL_PREFIX.length)),
        eq(files.ownerId, userId),
        eq(files.purpose, 'image'),
      ),
    )
    .limit(1);
  if (!file || !AVATAR_TYPES.includes(file.mimeType)) throw new AppError('IMAGE_TYPE_ERROR');
  if (file.byteSize > AVATAR_MAX_BYTES) throw new AppError('IMAGE_SIZE_EXCEEDED');
}

/** Nickname and/or avatar. An avatar must be an image this user uploaded. */
export async function updateBaseUserInfo(
  db: Db,
  userId: number,
  change: { nick_name?: string; avatar?: string },
) {
  if (change.avatar !== undefined) await assertAvatarImage(db, userId, change.avatar);
  await db
    .update(users)
    .set({ nickName: change.nick_name, avatar: change.avatar })
    .where(eq(users.id, userId));
  identityCacheOf(db).forgetAccount(userId);
}

/** The preference options: the four languages by their own names, the themes in the reader's language. */
export function preferenceConfigs(locale: Locale) {
  return {
    language: LOCALES.map((key) => ({ id: languageIdOf(key), key, name: LOCALE_NAMES[key] })),
    theme: THEME_MODES.map((key) => ({ id: THEME_IDS[key], key, name: translate(locale, `theme.${key}`) })),
  };
}

export async function userPreference(db: Db, userId: number) {
  const [user] = await db
    .select({ themeId: users.themeId, languageKey: users.languageKey })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new AppError('LOGIN_INVALID');
  return {
    theme_id: user.themeId,
    theme_key: themeKeyOf(user.themeId),
    language_id: languageIdOf(user.languageKey),
    language_key: user.languageKey,
  };
}

export async function updatePreference(
  db: Db,
  userId: number,
  change: { theme_id?: number; language_id?: number },
) {
  const languageKey = change.language_id === undefined ? undefined : LOCALES[change.language_id - 1];
  await db.update(users).set({ themeId: change.theme_id, languageKey }).where(eq(users.id, userId));
  identityCacheOf(db).forgetAccount(userId);
  return userPreference(db, userId);
}

/**
 * Deletes the account after the typed confirmation: its email, or its phone when it has no email.
 * Refused while it owns an organisation team with other members (transfer or dissolve it first).
 * The row stays, emptied, so history keeps its author; the email and phone are freed.
 */
export async function deleteAccount(db: Db, userId: number, typed: { email?: string; phone?: string }) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw new AppError('LOGIN_INVALID');
  if (!user.email && !user.phone) throw new AppError('DELETE_ACCOUNT_UNVERIFIABLE');
  const matches = user.email
    ? typed.email?.trim().toLowerCase() === user.email
    : typed.phone?.trim() === user.phone;
  if (!matches) throw new AppError('DELETE_ACCOUNT_MISMATCH');

  const owned = await db
    .select({ id: teams.id, teamType: teams.teamType, others: count(teamMembers.userId) })
    .from(teams)
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), ne(teamMembers.userId, userId)))
    .where(and(eq(teams.ownerId, userId), isNull(teams.deletedAt)))
    .groupBy(teams.id, teams.teamType);
  if (owned.some((team) => team.teamType === 0 && team.others > 0)) {
    throw new AppError('DELETE_ACCOUNT_OWNS_TEAM');
  }

  const now = new Date();
  await db.transaction(async (tx) => {
    if (owned.length > 0) {
      await tx
        .update(teams)
        .set({ deletedAt: now })
        .where(
          inArray(
            teams.id,
            owned.map((team) => team.id),
          ),
        );
    }
    await tx.delete(teamMembers).where(eq(teamMembers.userId, userId));
    await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
    await tx
      .update(users)
      .set({
        deletedAt: now,
        userName: `deleted-${userId}`,
        email: null,
        phone: null,
        countryCode: null,
        nickName: '',
        realName: '',
        avatar: '',
        passwordHash: null,
        currentTeamId: null,
      })
      .where(eq(users.id, userId));
    await endAllSessions(tx, userId, 'deleted');
  });
  identityCacheOf(db).forgetUser(userId);
  await accessChanged({ userIds: [userId] });
}
