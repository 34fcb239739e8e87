import { maskEmail, maskPhone } from '@tandem/contract/contact-mask';
import type { Member } from '@tandem/contract/team';
import { TEAM_ROLES } from '@tandem/contract/team';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/client.ts';
import { departments, teamLeavers, teamMembers, users } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ADMIN_ROLES, lockTeam, MEMBER_ROLES } from './team-data.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The name a member is shown by: the name they joined with, else nickname, phone, email. */
export const displayName = (row: {
  realName: string;
  nickName: string;
  phone: string | null;
  email: string | null;
}) => row.realName || row.nickName || row.phone || row.email || '';

/**
 * How a viewer reads members' phone and email: whole for the team's own managers, masked otherwise,
 * except their own, which everyone reads whole.
 */
export type ContactView = { isWhole: boolean; viewerId: number };

/**
 * A person's name and contacts as `view` allows: masked contacts never leave the server whole, not even
 * as the name a person without one is shown by.
 */
export function presentPerson(
  row: { userId: number; realName: string; nickName: string; phone: string | null; email: string | null },
  view: ContactView,
) {
  const isWhole = view.isWhole || row.userId === view.viewerId;
  const phone = isWhole ? (row.phone ?? '') : maskPhone(row.phone ?? '');
  const email = isWhole ? (row.email ?? '') : maskEmail(row.email ?? '');
  return {
    name: displayName({ realName: row.realName, nickName: row.nickName, phone, email }),
    phone,
    email,
  };
}

/**
 * A page of the team's members, by join time, with their department. `keyword` matches name,
 * nickname, email or phone; `departmentId` 0 means members in no department.
 */
export async function listMembers(
  db: Db,
  teamId: number,
  query: { page: number; page_size: number; keyword: string; department_id?: number },
  view: ContactView,
): Promise<{ data: Member[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(teamMembers.teamId, teamId)];
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    conditions.push(
      or(
        ilike(teamMembers.realName, pattern),
        ilike(users.nickName, pattern),
        ilike(users.email, pattern),
        ilike(users.phone, pattern),
      ),
    );
  }
  if (query.department_id !== undefined) {
    conditions.push(
      query.department_id === 0
        ? isNull(teamMembers.departmentId)
        : eq(teamMembers.departmentId, query.department_id),
    );
  }
  const where = and(...conditions);
  const order = [asc(teamMembers.joinedAt), asc(teamMembers.userId)];
  const offset = (query.page - 1) * query.page_size;
  const columns = {
    userId: users.id,
    realName: teamMembers.realName,
    nickName: users.nickName,
    avatar: users.avatar,
    phone: users.phone,
    email: users.email,
    joinedAt: teamMembers.joinedAt,
    roles: teamMembers.teamRoles,
    departmentId: teamMembers.departmentId,
    departmentName: departments.name,
  };
  const countMatches = async () =>
    (
      await db
        .select({ n: count() })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(where)
    )[0]?.n ?? 0;

  let rows: Awaited<ReturnType<typeof pageWithoutSearch>>;
  let total: number;
  async function pageWithoutSearch() {
    // The page is found on the (team, joined_at, user) index alone, then only its rows are joined.
    const page = db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset(offset);
    return db
      .select(columns)
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .leftJoin(departments, eq(departments.id, teamMembers.departmentId))
      .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.userId, page)))
      .orderBy(...order);
  }
  if (query.keyword) {
    // A search reads every member's names once: the page and the match count in the same pass.
    const matches = await db
      .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .leftJoin(departments, eq(departments.id, teamMembers.departmentId))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset(offset);
    rows = matches;
    total = matches[0]?.total ?? (await countMatches());
  } else {
    const [pageRows, [counted]] = await Promise.all([
      pageWithoutSearch(),
      db.select({ n: count() }).from(teamMembers).where(where),
    ]);
    rows = pageRows;
    total = counted?.n ?? 0;
  }
  return {
    data: rows.map((row) => ({
      user_id: row.userId,
      ...presentPerson(row, view),
      real_name: row.realName,
      avatar: row.avatar,
      join_time: row.joinedAt.toISOString(),
      department_id: row.departmentId,
      department_name: row.departmentName ?? '',
      is_admin: row.roles.includes(TEAM_ROLES.manage),
      is_owner: row.roles.includes(TEAM_ROLES.owner),
    })),
    total,
  };
}

/** Makes a member an admin (team_manage) or a plain member again; the owner's roles never change here. */
export async function setAdmin(db: Db, teamId: number, userId: number, isAdmin: boolean) {
  await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw new AppError('NOT_FOUND');
    if (team.ownerId === userId) throw new AppError('OWNER_ROLE_FIXED');
    const changed = await tx
      .update(teamMembers)
      .set({ teamRoles: isAdmin ? ADMIN_ROLES : MEMBER_ROLES })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (changed.length === 0) throw new AppError('NOT_A_MEMBER');
  });
  identityCacheOf(db).forgetAccount(userId);
}

export async function listLeavers(
  db: Db,
  teamId: number,
  page: { page: number; page_size: number },
  view: ContactView,
) {
  const where = eq(teamLeavers.teamId, teamId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        realName: teamLeavers.realName,
        nickName: users.nickName,
        phone: users.phone,
        email: users.email,
        departmentName: teamLeavers.departmentName,
        leftAt: teamLeavers.leftAt,
      })
      .from(teamLeavers)
      .innerJoin(users, eq(users.id, teamLeavers.userId))
      .where(where)
      .orderBy(desc(teamLeavers.leftAt), asc(teamLeavers.userId))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    db.select({ n: count() }).from(teamLeavers).where(where),
  ]);
  const now = Date.now();
  return {
    data: rows.map((row) => ({
      user_id: row.userId,
      ...presentPerson(row, view),
      department_name: row.departmentName,
      left_at: row.leftAt.toISOString(),
      days_since_leaving: Math.floor((now - row.leftAt.getTime()) / DAY_MS),
    })),
    total: total?.n ?? 0,
  };
}

/** Forgets some leaving members, or all of them. */
export async function deleteLeavers(db: Db, teamId: number, userIds: number[] | 'all') {
  const deleted = await db
    .delete(teamLeavers)
    .where(
      userIds === 'all'
        ? eq(teamLeavers.teamId, teamId)
        : and(eq(teamLeavers.teamId, teamId), inArray(teamLeavers.userId, userIds)),
    )
    .returning({ userId: teamLeavers.userId });
  return deleted.length;
}

/** Brings leaving members back, into their old department when it still exists. */
export async function restoreLeavers(db: Db, teamId: number, userIds: number[]) {
  const restored = await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw new AppError('NOT_FOUND');
    const leavers = await tx
      .delete(teamLeavers)
      .where(and(eq(teamLeavers.teamId, teamId), inArray(teamLeavers.userId, userIds)))
      .returning();
    if (leavers.length === 0) throw new AppError('NOT_FOUND');
    const live = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(
            users.id,
            leavers.map((l) => l.userId),
          ),
          isNull(users.deletedAt),
        ),
      );
    const liveIds = new Set(live.map((u) => u.id));
    const rows = leavers.filter((l) => liveIds.has(l.userId));
    if (rows.length > 0) {
      await tx
        .insert(teamMembers)
        .values(
          rows.map((l) => ({
            teamId,
            userId: l.userId,
            // Still there, or none: a department delete sets its leavers to none and waits for this lock.
            departmentId: l.departmentId,
            realName: l.realName,
            teamRoles: MEMBER_ROLES,
          })),
        )
        .onConflictDoNothing();
    }
    return rows.length;
  });
  return restored;
}
