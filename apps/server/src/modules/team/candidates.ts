import type { Page, PageQuery } from '@tandem/contract/envelope';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Db, escapeLike } from '../../db/client.ts';
import { teamMembers, users } from '../../db/schema.ts';
import { maskedPerson, personColumns } from './people.ts';

export type TeamCandidate<P> = {
  user_id: number;
  name: string;
  avatar: string;
  email: string;
  phone: string;
  permission: P | null;
};

/**
 * Members of a team to choose from for something they may be made members of (an agent, a project),
 * by join time, each with `permission`: their membership of that thing, a correlated subquery on
 * `team_members.user_id`, null when they have none. One query, its match count alongside. `keyword`
 * matches names by substring, but an email or phone only whole, so the masked contacts cannot be read
 * back one letter at a time.
 */
export async function listTeamCandidates<P extends string>(
  db: Db,
  teamId: number,
  query: PageQuery & { keyword: string },
  permission: SQL<P | null>,
  /** Who asks: their own contacts are not masked to them. */
  viewerId: number,
): Promise<Page<TeamCandidate<P>>> {
  const conditions: (SQL | undefined)[] = [eq(teamMembers.teamId, teamId)];
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword)}%`;
    conditions.push(
      or(
        ilike(teamMembers.realName, pattern),
        ilike(users.nickName, pattern),
        eq(sql`lower(${users.email})`, query.keyword.toLowerCase()),
        eq(users.phone, query.keyword),
      ),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      ...personColumns,
      permission,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(where)
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  // Only a page past the end needs the count on its own.
  const total =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await db
            .select({ n: count() })
            .from(teamMembers)
            .innerJoin(users, eq(users.id, teamMembers.userId))
            .where(where)
        )[0]?.n ?? 0)
      : 0);
  return {
    data: rows.map((row) => ({
      user_id: row.userId,
      avatar: row.avatar,
      ...maskedPerson(row, row.userId === viewerId),
      permission: row.permission,
    })),
    total,
  };
}
