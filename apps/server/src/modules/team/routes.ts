import { envelope, pageOf } from '@tandem/contract/envelope';
import { INVITE_LOOKUPS_PER_MINUTE } from '@tandem/contract/limits';
import {
  applicant,
  applyAuditBody,
  applyAuditData,
  applyListQuery,
  applyStatusBody,
  batchSaveDepartmentBody,
  changeMemberDepartmentBody,
  createDepartmentBody,
  createTeamBody,
  createTeamData,
  currentVersionPacket,
  deleteDepartmentBody,
  deleteLeaveMemberBody,
  departmentMemberListQuery,
  departmentNode,
  departmentSortBody,
  dissolveTeamBody,
  inviteCodeBody,
  inviteInfo,
  inviteTeamBody,
  inviteTeamData,
  joinTeamBody,
  joinTeamData,
  leaveMemberListQuery,
  leavingMember,
  member,
  memberListQuery,
  reSortDepartmentBody,
  saveDepartmentBody,
  setAdminBody,
  switchTeamBody,
  TEAM_API,
  teamByCodeData,
  teamByCodeQuery,
  teamInfo,
  teamSummary,
  turnOverBody,
  updateTeamBody,
  userIdsBody,
  versionPacket,
} from '@tandem/contract/team';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { optionalUserId, requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { perMinute } from '../../platform/http/rate-limit.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { accessChanged } from '../../platform/realtime/access-changes.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import {
  allPlanPackages,
  currentPlanPackage,
  mayBilling,
  pointsBalance,
  teamStorageUsed,
} from '../quotas/index.ts';
import {
  changeMemberDepartment,
  createDepartment,
  deleteDepartment,
  departmentTree,
  moveDepartment,
  renameDepartments,
  reSortDepartments,
  saveDepartment,
} from './departments.ts';
import {
  decideApplications,
  describeInvitation,
  inviteCodeOf,
  joinTeam,
  listApplicants,
  sendInvitations,
} from './invitations.ts';
import { deleteLeavers, listLeavers, listMembers, restoreLeavers, setAdmin } from './members.ts';
import { contactViewOf, loadTeamContext, requireTeam, type TeamLevel, teamOf } from './policy.ts';
import { announceApproval, announceRemoval } from './team-events.ts';
import {
  createTeam,
  teamInfo as describeTeam,
  dissolveTeam,
  leaveTeam,
  type MembersLeaving,
  removeMembers,
  setApplyAudit,
  switchTeam,
  transferTeam,
  updateTeam,
  userTeams,
} from './teams.ts';

const done = envelope(z.null());
const countData = envelope(z.object({ count: z.number().int() }));

export type TeamDeps = {
  db: Db;
  config: Config;
  messenger: Messenger;
  realtime: Realtime;
  /** What the modules above do when members leave (teams.ts, `MembersLeaving`). */
  membersLeaving: readonly MembersLeaving[];
};

/** Team calls. Each acts on the caller's current team, checked by `requireTeam`. */
export const teamRoutes: FastifyPluginAsyncZod<TeamDeps> = async (
  app,
  { db, config, messenger, realtime, membersLeaving },
) => {
  const session = requireSession(db);
  /** Signed in, and admitted to the current team at `level`; back-office calls need an organisation team. */
  const inTeam = (level: TeamLevel, organisation = true) => ({
    onRequest: [session, requireTeam(db, level, { organisation })],
  });
  const originOf = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    TEAM_API.userTeams,
    { onRequest: session, schema: { response: { 200: envelope(z.array(teamSummary)) } } },
    async (request) => ok(await userTeams(db, sessionOf(request).userId)),
  );
  app.get(
    TEAM_API.currentTeam,
    { ...inTeam('member', false), schema: { response: { 200: envelope(teamInfo) } } },
    async (request) => ok(await describeTeam(db, teamOf(request))),
  );
  app.post(
    TEAM_API.create,
    { onRequest: session, schema: { body: createTeamBody, response: { 200: envelope(createTeamData) } } },
    async (request) => ok({ team_id: await createTeam(db, sessionOf(request).userId, request.body) }),
  );
  for (const path of [TEAM_API.switchTeam, TEAM_API.switchIdentity]) {
    app.post(
      path,
      { onRequest: session, schema: { body: switchTeamBody, response: { 200: done } } },
      async (request) => {
        await switchTeam(db, sessionOf(request).userId, request.body.current_team_id);
        return ok(null);
      },
    );
  }

  // Invitations and joining.
  app.post(
    TEAM_API.inviteCode,
    {
      ...inTeam('member'),
      schema: { body: inviteCodeBody.default({ is_reset: 0 }), response: { 200: envelope(inviteInfo) } },
    },
    async (request) => {
      const team = teamOf(request);
      const reset = request.body.is_reset === 1;
      if (reset) await requireTeam(db, 'manage', { organisation: true })(request);
      return ok(await inviteCodeOf(db, team.teamId, reset));
    },
  );
  app.get(
    TEAM_API.teamByCode,
    {
      config: perMinute(INVITE_LOOKUPS_PER_MINUTE),
      schema: { querystring: teamByCodeQuery, response: { 200: envelope(teamByCodeData) } },
    },
    async (request) => {
      // Public (the join page shows it to visitors); a signed-in caller also learns where they stand.
      const userId = await optionalUserId(db, request);
      return ok(await describeInvitation(db, request.query.invite_code, userId));
    },
  );
  app.post(
    TEAM_API.join,
    { onRequest: session, schema: { body: joinTeamBody, response: { 200: envelope(joinTeamData) } } },
    async (request) =>
      ok(await joinTeam(db, sessionOf(request).userId, request.body.invite_code, request.body.real_name)),
  );
  app.post(
    TEAM_API.invite,
    { ...inTeam('member'), schema: { body: inviteTeamBody, response: { 200: envelope(inviteTeamData) } } },
    async (request) => {
      const { body } = request;
      const recipients =
        body.type === 0
          ? body.email_list.map((to) => ({ channel: 'email' as const, to }))
          : body.phone_list.map((p) => ({ channel: 'sms' as const, to: `+${p.country_code}${p.value}` }));
      const sent = await sendInvitations(db, messenger, request.log, {
        teamId: teamOf(request).teamId,
        inviterId: sessionOf(request).userId,
        origin: originOf(request),
        locale: requestLocale(request),
        recipients,
      });
      return ok({ sent });
    },
  );

  // Team settings (back office).
  app.post(
    TEAM_API.update,
    { ...inTeam('manage'), schema: { body: updateTeamBody, response: { 200: done } } },
    async (request) => {
      await updateTeam(db, teamOf(request), request.body);
      return ok(null);
    },
  );
  app.post(
    TEAM_API.applyStatusSet,
    { ...inTeam('manage'), schema: { body: applyStatusBody, response: { 200: done } } },
    async (request) => {
      await setApplyAudit(db, teamOf(request).teamId, request.body.apply_audit === 1);
      return ok(null);
    },
  );
  app.post(
    TEAM_API.turnOver,
    { ...inTeam('owner'), schema: { body: turnOverBody, response: { 200: done } } },
    async (request) => {
      await transferTeam(db, teamOf(request), request.body.user_id);
      return ok(null);
    },
  );
  app.post(
    TEAM_API.dissolve,
    { ...inTeam('owner'), schema: { body: dissolveTeamBody, response: { 200: done } } },
    async (request) => {
      const team = teamOf(request);
      const { userIds, teamName } = await dissolveTeam(db, team.teamId);
      const others = userIds.filter((id) => id !== team.userId);
      await announceRemoval(realtime, { teamId: team.teamId, teamName, userIds: others });
      return ok(null);
    },
  );
  app.post(TEAM_API.leave, { ...inTeam('member'), schema: { response: { 200: done } } }, async (request) => {
    const { afterCommit } = await leaveTeam(db, teamOf(request), membersLeaving);
    await accessChanged({ userIds: [teamOf(request).userId] });
    await Promise.all(afterCommit.map((then) => then()));
    return ok(null);
  });
  app.get(
    TEAM_API.currentVersion,
    { ...inTeam('member', false), schema: { response: { 200: envelope(currentVersionPacket) } } },
    async (request) => {
      const team = teamOf(request);
      const info = await describeTeam(db, team);
      return ok(
        await currentPlanPackage(db, {
          teamId: team.teamId,
          locale: requestLocale(request),
          memberCount: info.member_count,
          pointsLeft: await pointsBalance(db, team.teamId),
          storageUsed: await teamStorageUsed(db, team.teamId),
          canManageBilling: mayBilling(team, 'manage'),
        }),
      );
    },
  );
  app.get(
    TEAM_API.allVersions,
    { onRequest: session, schema: { response: { 200: envelope(z.array(versionPacket)) } } },
    async (request) => {
      const context = await loadTeamContext(db, sessionOf(request).userId);
      return ok(await allPlanPackages(db, context?.teamId, requestLocale(request)));
    },
  );

  // Members.
  app.get(
    TEAM_API.userList,
    {
      ...inTeam('manage'),
      schema: { querystring: memberListQuery, response: { 200: envelope(pageOf(member)) } },
    },
    async (request) =>
      ok(await listMembers(db, teamOf(request).teamId, request.query, contactViewOf(teamOf(request)))),
  );
  app.get(
    TEAM_API.departmentMemberList,
    {
      ...inTeam('manage'),
      schema: { querystring: departmentMemberListQuery, response: { 200: envelope(pageOf(member)) } },
    },
    async (request) =>
      ok(await listMembers(db, teamOf(request).teamId, request.query, contactViewOf(teamOf(request)))),
  );
  app.post(
    TEAM_API.setAdmin,
    { ...inTeam('owner'), schema: { body: setAdminBody, response: { 200: done } } },
    async (request) => {
      await setAdmin(db, teamOf(request).teamId, request.body.user_id, request.body.is_admin === 1);
      await accessChanged({ userIds: [request.body.user_id] });
      return ok(null);
    },
  );
  app.delete(
    TEAM_API.removeOutTeam,
    { ...inTeam('manage'), schema: { body: userIdsBody, response: { 200: countData } } },
    async (request) => {
      const team = teamOf(request);
      const { userIds, teamName, afterCommit } = await removeMembers(
        db,
        team.teamId,
        request.body.user_ids,
        membersLeaving,
        team,
      );
      await announceRemoval(realtime, { teamId: team.teamId, teamName, userIds });
      await Promise.all(afterCommit.map((then) => then()));
      return ok({ count: userIds.length });
    },
  );
  app.get(
    TEAM_API.leaveMemberList,
    {
      ...inTeam('manage'),
      schema: { querystring: leaveMemberListQuery, response: { 200: envelope(pageOf(leavingMember)) } },
    },
    async (request) =>
      ok(await listLeavers(db, teamOf(request).teamId, request.query, contactViewOf(teamOf(request)))),
  );
  app.delete(
    TEAM_API.deleteLeaveMember,
    { ...inTeam('manage'), schema: { body: deleteLeaveMemberBody, response: { 200: countData } } },
    async (request) => {
      const which = 'clear' in request.body ? 'all' : request.body.user_ids;
      return ok({ count: await deleteLeavers(db, teamOf(request).teamId, which) });
    },
  );
  app.post(
    TEAM_API.restoreLeaveMember,
    { ...inTeam('manage'), schema: { body: userIdsBody, response: { 200: countData } } },
    async (request) => ok({ count: await restoreLeavers(db, teamOf(request).teamId, request.body.user_ids) }),
  );

  // Approvals.
  app.get(
    TEAM_API.applyList,
    {
      ...inTeam('manage'),
      schema: { querystring: applyListQuery, response: { 200: envelope(pageOf(applicant)) } },
    },
    async (request) =>
      ok(await listApplicants(db, teamOf(request).teamId, request.query, contactViewOf(teamOf(request)))),
  );
  app.post(
    TEAM_API.applyAudit,
    { ...inTeam('manage'), schema: { body: applyAuditBody, response: { 200: envelope(applyAuditData) } } },
    async (request) => {
      const team = teamOf(request);
      const { approved, rejected, joined, teamName } = await decideApplications(
        db,
        team.teamId,
        team.userId,
        request.body.ids,
        request.body.status === 1,
      );
      await announceApproval(realtime, { teamId: team.teamId, teamName, userIds: joined });
      return ok({ approved, rejected });
    },
  );

  // Departments.
  app.get(
    TEAM_API.departmentList,
    { ...inTeam('manage'), schema: { response: { 200: envelope(z.array(departmentNode)) } } },
    async (request) => ok(await departmentTree(db, teamOf(request).teamId)),
  );
  app.post(
    TEAM_API.createDepartment,
    {
      ...inTeam('manage'),
      schema: { body: createDepartmentBody, response: { 200: envelope(z.object({ id: z.number().int() })) } },
    },
    async (request) => ok({ id: await createDepartment(db, teamOf(request).teamId, request.body) }),
  );
  app.post(
    TEAM_API.saveDepartment,
    { ...inTeam('manage'), schema: { body: saveDepartmentBody, response: { 200: done } } },
    async (request) => {
      await saveDepartment(db, teamOf(request).teamId, request.body);
      return ok(null);
    },
  );
  app.delete(
    TEAM_API.deleteDepartment,
    { ...inTeam('manage'), schema: { body: deleteDepartmentBody, response: { 200: done } } },
    async (request) => {
      await deleteDepartment(db, teamOf(request).teamId, request.body.id);
      return ok(null);
    },
  );
  app.post(
    TEAM_API.departmentSort,
    { ...inTeam('manage'), schema: { body: departmentSortBody, response: { 200: done } } },
    async (request) => {
      await moveDepartment(db, teamOf(request).teamId, request.body.id, request.body.direction);
      return ok(null);
    },
  );
  app.post(
    TEAM_API.batchSaveDepartment,
    { ...inTeam('manage'), schema: { body: batchSaveDepartmentBody, response: { 200: done } } },
    async (request) => {
      await renameDepartments(db, teamOf(request).teamId, request.body.departments);
      return ok(null);
    },
  );
  app.post(
    TEAM_API.reSortDepartment,
    { ...inTeam('manage'), schema: { body: reSortDepartmentBody, response: { 200: done } } },
    async (request) => {
      await reSortDepartments(db, teamOf(request).teamId, request.body.parent_id, request.body.ids);
      return ok(null);
    },
  );
  app.post(
    TEAM_API.changeMemberDepartment,
    { ...inTeam('manage'), schema: { body: changeMemberDepartmentBody, response: { 200: countData } } },
    async (request) =>
      ok({
        count: await changeMemberDepartment(
          db,
          teamOf(request).teamId,
          request.body.user_ids,
          request.body.department_id,
        ),
      }),
  );
};
