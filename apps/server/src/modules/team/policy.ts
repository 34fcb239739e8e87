import { ORGANISATION_TEAM_TYPE, TEAM_ROLES } from '@tandem/contract/team';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams, users } from '../../db/schema.ts';
import { sessionOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ContactView } from './members.ts';

/**
 * Who may do what in a team. `member`: anyone in it. `manage`: the back office (owner and admins,
 * who carry team_manage). `owner`: transfer and dissolve. `is_super` passes every level.
 */
export type TeamLevel = 'member' | 'manage' | 'owner';

export type TeamContext = {
  userId: number;
  teamId: number;
  teamType: number;
  ownerId: number;
  roles: string[];
  isSuper: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    team?: TeamContext;
  }
}

const allows = (context: TeamContext, level: TeamLevel) => {
  if (context.isSuper) return true;
  if (level === 'owner') return context.ownerId === context.userId;
  if (level === 'manage') return context.roles.includes(TEAM_ROLES.manage);
  return true;
};

/** The caller's current team and their place in it, in one query. */
export async function loadTeamContext(db: Db, userId: number): Promise<TeamContext | undefined> {
  const [row] = await db
    .select({
      teamId: teams.id,
      teamType: teams.teamType,
      ownerId: teams.ownerId,
      roles: teamMembers.teamRoles,
      isSuper: users.isSuper,
    })
    .from(users)
    .innerJoin(teams, and(eq(teams.id, users.currentTeamId), isNull(teams.deletedAt)))
    .leftJoin(teamMembers, and(eq(teamMembers.teamId, teams.id), eq(teamMembers.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || (!row.roles && !row.isSuper)) return undefined;
  return { userId, ...row, roles: row.roles ?? [] };
}

/**
 * An onRequest hook (after the session guard) that admits the caller to their current team at `level`;
 * `organisation` routes also refuse personal teams.
 */
export function requireTeam(db: Db, level: TeamLevel, options: { organisation?: boolean } = {}) {
  return async (request: FastifyRequest) => {
    const context = await loadTeamContext(db, sessionOf(request).userId);
    if (!context) throw new AppError('NO_MANAGEMENT_PERMISSION');
    if (options.organisation && context.teamType !== ORGANISATION_TEAM_TYPE) {
      throw new AppError('PERSONAL_TEAM_NOT_ALLOWED');
    }
    if (!allows(context, level)) throw new AppError('NO_MANAGEMENT_PERMISSION');
    request.team = context;
  };
}

export function teamOf(request: FastifyRequest): TeamContext {
  if (!request.team) throw new AppError('NO_MANAGEMENT_PERMISSION');
  return request.team;
}

/**
 * Only the team's own owner and admins read its members' whole phone and email; anyone else admitted to
 * the back office (a platform admin who is not one of them) reads them masked.
 */
export const contactViewOf = (context: TeamContext): ContactView => ({
  isWhole: context.roles.includes(TEAM_ROLES.manage),
  viewerId: context.userId,
});
