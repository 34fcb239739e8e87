import { randomInt } from 'node:crypto';
import type { Locale } from '@tandem/contract/i18n';
import { INVITE_CODE_LIFETIME_DAYS } from '@tandem/contract/limits';
import { translate } from '@tandem/contract/messages';
import { ORGANISATION_TEAM_TYPE } from '@tandem/contract/team';
import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, isUniqueViolation, type Tx } from '../../db/client.ts';
import { teamApplications, teamLeavers, teamMembers, teams, users } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { teamQuotas } from '../quotas/index.ts';
import { spendInviteQuota } from './invite-quota.ts';
import { type ContactView, displayName, presentPerson } from './members.ts';
import { lockTeam, MEMBER_ROLES } from './team-data.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
const LIFETIME_MS = INVITE_CODE_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
const PENDING = 0;
const APPROVED = 1;
const REJECTED = 2;

const newInviteCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** The team's invitation code, made (or remade on reset, or when expired) as needed. */
export async function inviteCodeOf(db: Db, teamId: number, reset: boolean) {
  const [team] = await db
    .select({ code: teams.inviteCode, expiresAt: teams.inviteExpiresAt })
    .from(teams)
    .where(eq(teams.id, teamId))
    .limit(1);
  if (!team) throw new AppError('NOT_FOUND');
  if (!reset && team.code && team.expiresAt && team.expiresAt.getTime() > Date.now()) {
    return { invite_code: team.code, expiration_time: team.expiresAt.toISOString() };
  }
  for (let attempt = 0; ; attempt++) {
    const code = newInviteCode();
    const expiresAt = new Date(Date.now() + LIFETIME_MS);
    try {
      await db
        .update(teams)
        .set({ inviteCode: code, inviteExpiresAt: expiresAt })
        .where(eq(teams.id, teamId));
      return { invite_code: code, expiration_time: expiresAt.toISOString() };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/** The organisation team a live code opens; codes are matched without regard to case. */
async function teamByCode(db: Db, code: string) {
  // A code with a character no code has opens nothing (and some, like NUL, the database refuses to compare).
  if (![...code.toUpperCase()].every((character) => CODE_ALPHABET.includes(character))) {
    throw new AppError('INVITE_CODE_INVALID');
  }
  const [team] = await db
    .select()
    .from(teams)
    .where(
      and(
        eq(teams.inviteCode, code.toUpperCase()),
        gt(teams.inviteExpiresAt, new Date()),
        isNull(teams.deletedAt),
        eq(teams.teamType, ORGANISATION_TEAM_TYPE),
      ),
    )
    .limit(1);
  if (!team) throw new AppError('INVITE_CODE_INVALID');
  return team;
}

async function membershipOf(db: Db, teamId: number, userId: number | undefined) {
  if (userId === undefined) return 'none' as const;
  const [[member], [pending]] = await Promise.all([
    db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .limit(1),
    db
      .select({ id: teamApplications.id })
      .from(teamApplications)
      .where(
        and(
          eq(teamApplications.teamId, teamId),
          eq(teamApplications.userId, userId),
          eq(teamApplications.status, PENDING),
        ),
      )
      .limit(1),
  ]);
  return member ? ('member' as const) : pending ? ('pending' as const) : ('none' as const);
}

/** What the join page shows for a code: the team, and where the caller stands with it. */
export async function describeInvitation(db: Db, code: string, userId: number | undefined) {
  const team = await teamByCode(db, code);
  const [members] = await db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, team.id));
  return {
    team_id: team.id,
    name: team.name,
    avatar: team.avatar,
    description: team.description,
    member_count: members?.n ?? 0,
    apply_audit: team.applyAudit ? 1 : 0,
    expiration_time: team.inviteExpiresAt?.toISOString() ?? '',
    membership: await membershipOf(db, team.id, userId),
  };
}

/**
 * Joins by code: a member already just switches; a team that approves joins gets an application;
 * otherwise the user becomes a member and the team their current one.
 */
export async function joinTeam(db: Db, userId: number, code: string, realName: string) {
  const team = await teamByCode(db, code);
  const standing = await membershipOf(db, team.id, userId);
  if (standing === 'pending') return { status: 'applied' as const, team_id: team.id };
  if (standing === 'none' && team.applyAudit) {
    await db.insert(teamApplications).values({ teamId: team.id, userId, realName }).onConflictDoNothing();
    return { status: 'applied' as const, team_id: team.id };
  }
  await db.transaction(async (tx) => {
    if (standing === 'none') {
      await lockTeam(tx, team.id);
      await assertMemberRoom(tx, team.id, 1);
      await tx
        .insert(teamMembers)
        .values({ teamId: team.id, userId, realName, teamRoles: MEMBER_ROLES })
        .onConflictDoNothing();
      await tx
        .delete(teamLeavers)
        .where(and(eq(teamLeavers.teamId, team.id), eq(teamLeavers.userId, userId)));
    }
    await tx.update(users).set({ currentTeamId: team.id }).where(eq(users.id, userId));
  });
  identityCacheOf(db).forgetAccount(userId);
  return { status: 'joined' as const, team_id: team.id };
}

/** The team's plan limits its members (the team is locked by the caller, so two joins cannot both pass). */
async function assertMemberRoom(tx: Tx, teamId: number, adding: number) {
  const { memberLimit } = await teamQuotas(tx, teamId);
  const [row] = await tx.select({ n: count() }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  if ((row?.n ?? 0) + adding > memberLimit) throw new AppError('MEMBER_LIMIT_REACHED');
}

/** Sends the join link by mail or SMS, in the inviter's language, once to each address, within the limits. */
export async function sendInvitations(
  db: Db,
  messenger: Messenger,
  log: FastifyBaseLogger,
  input: {
    teamId: number;
    inviterId: number;
    origin: string;
    locale: Locale;
    recipients: { channel: 'email' | 'sms'; to: string }[];
  },
) {
  const recipients = [...new Map(input.recipients.map((r) => [`${r.channel} ${r.to}`, r])).values()];
  await spendInviteQuota(db, input.teamId, input.inviterId, recipients.length);
  const { invite_code, expiration_time } = await inviteCodeOf(db, input.teamId, false);
  const [row] = await db
    .select({ team: teams.name, nick: users.nickName, email: users.email, phone: users.phone })
    .from(teams)
    .innerJoin(users, eq(users.id, input.inviterId))
    .where(eq(teams.id, input.teamId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const values = {
    inviter: displayName({ realName: '', nickName: row.nick, phone: row.phone, email: row.email }),
    team: row.team,
    code: invite_code,
    link: `${input.origin}/join-team/${invite_code}`,
    expires: new Date(expiration_time).toLocaleDateString(input.locale),
  };
  const subject = translate(input.locale, 'team_invite_mail.subject', values);
  const text = translate(input.locale, 'team_invite_mail.text', values);
  let sent = 0;
  for (const recipient of recipients) {
    try {
      await messenger.send({ ...recipient, subject, text });
      sent += 1;
    } catch (error) {
      // A refused address or a missing transport is no server failure: the rest still go out.
      log.warn({ err: error, channel: recipient.channel }, 'invitation not sent');
    }
  }
  if (sent === 0) throw new AppError('INVITATION_NOT_SENT');
  return sent;
}

export async function listApplicants(
  db: Db,
  teamId: number,
  page: { page: number; page_size: number },
  view: ContactView,
) {
  const where = and(eq(teamApplications.teamId, teamId), eq(teamApplications.status, PENDING));
  const [rows, [total]] = await Promise.all([
    db
      .select({ application: teamApplications, nick: users.nickName, phone: users.phone, email: users.email })
      .from(teamApplications)
      .innerJoin(users, eq(users.id, teamApplications.userId))
      .where(where)
      .orderBy(asc(teamApplications.createdAt), asc(teamApplications.id))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    db.select({ n: count() }).from(teamApplications).where(where),
  ]);
  return {
    data: rows.map(({ application, nick, phone, email }) => ({
      id: application.id,
      user_id: application.userId,
      ...presentPerson(
        { userId: application.userId, realName: application.realName, nickName: nick, phone, email },
        view,
      ),
      real_name: application.realName,
      created_at: application.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/**
 * Approves or rejects pending applications. Each is decided once: of two admins deciding the same
 * one, the second finds it no longer pending and it counts for nothing. Answers the counts, and who
 * joined (to tell them).
 */
export async function decideApplications(
  db: Db,
  teamId: number,
  deciderId: number,
  ids: number[],
  approve: boolean,
) {
  const decided = await db.transaction(async (tx) => {
    const team = await lockTeam(tx, teamId);
    if (!team) throw new AppError('NOT_FOUND');
    const rows = await tx
      .update(teamApplications)
      .set({ status: approve ? APPROVED : REJECTED, decidedBy: deciderId, decidedAt: new Date() })
      .where(
        and(
          eq(teamApplications.teamId, teamId),
          inArray(teamApplications.id, ids),
          eq(teamApplications.status, PENDING),
        ),
      )
      .returning({ userId: teamApplications.userId, realName: teamApplications.realName });
    if (approve && rows.length > 0) {
      await assertMemberRoom(tx, teamId, rows.length);
      await tx
        .insert(teamMembers)
        .values(
          rows.map((row) => ({
            teamId,
            userId: row.userId,
            realName: row.realName,
            teamRoles: MEMBER_ROLES,
          })),
        )
        .onConflictDoNothing();
      await tx.delete(teamLeavers).where(
        and(
          eq(teamLeavers.teamId, teamId),
          inArray(
            teamLeavers.userId,
            rows.map((r) => r.userId),
          ),
        ),
      );
    }
    return { userIds: rows.map((row) => row.userId), teamName: team.name };
  });
  const count = decided.userIds.length;
  return {
    approved: approve ? count : 0,
    rejected: approve ? 0 : count,
    joined: approve ? decided.userIds : [],
    teamName: decided.teamName,
  };
}
