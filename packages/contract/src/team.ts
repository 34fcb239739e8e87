import { z } from 'zod';
import { currentPlanPackage, planPackage } from './billing.ts';
import { pageQuery } from './envelope.ts';
import { entityId, entityIds } from './ids.ts';
import {
  COMPANY_SIZE_BANDS,
  DISSOLVE_TEAM_CONFIRM_TEXT,
  INVITE_ADDRESSES_PER_CALL,
  TEAM_NAME_MAX,
  TEAM_NAME_MIN,
} from './limits.ts';
import { countryCode, DEFAULT_COUNTRY_CODE, email, isValidPhone, nameText, safeText } from './user.ts';

/**
 * Teams. Every call acts on the caller's current team unless it names
 * another. Paths are the spec's; payloads it does not show are designed here and listed in
 * docs/api.md.
 */

const id = entityId;
/** A department to list the members of; 0 for members in no department. */
const departmentFilter = z.union([z.literal(0), z.literal('0').transform(() => 0), entityId]);
const ids = entityIds(500);
const teamName = nameText(TEAM_NAME_MAX, TEAM_NAME_MIN);
const description = safeText(500);
const departmentName = nameText(50);
const avatarUrl = z
  .string()
  .trim()
  .max(512)
  .regex(/^\/api\/upload\/files\/[\w.-]+$/, 'not an uploaded image');

/** A team as `get-user-teams` lists it and as the current team is described. */
export const teamSummary = z.object({
  team_id: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  team_type: z.number().int(),
  team_roles: z.array(z.string()),
});
export type TeamSummary = z.infer<typeof teamSummary>;

export const teamInfo = teamSummary.extend({
  description: z.string(),
  member_count: z.number().int(),
  apply_audit: z.number().int(),
  owner_user_id: z.number().int(),
  industry_id: z.number().int().nullable(),
  scale: z.number().int(),
  created_at: z.string(),
});
export type TeamInfo = z.infer<typeof teamInfo>;

/** The spec's create form validates a size band but always sends `scale: 0`; both are accepted. */
export const createTeamBody = z.object({
  name: teamName,
  industry_id: id,
  scale: z.number().int().min(0).max(COMPANY_SIZE_BANDS.length).default(0),
});
export const createTeamData = z.object({ team_id: z.number().int() });

export const switchTeamBody = z.object({ current_team_id: id });

export const inviteCodeBody = z.object({ is_reset: z.union([z.literal(0), z.literal(1)]).default(0) });
export const inviteInfo = z.object({ invite_code: z.string(), expiration_time: z.string() });
export type InviteInfo = z.infer<typeof inviteInfo>;

/** Any typed code is looked up; one that matches no live team answers 1103, whatever its shape. */
export const inviteCode = z.string().trim().min(1, 'required').max(64);
export const teamByCodeQuery = z.object({ invite_code: inviteCode });
/** What a visitor with an invitation sees, and where they stand with the team. */
export const teamByCodeData = z.object({
  team_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  description: z.string(),
  member_count: z.number().int(),
  apply_audit: z.number().int(),
  expiration_time: z.string(),
  /** none, member, pending (awaiting approval). Only for a signed-in caller. */
  membership: z.enum(['none', 'member', 'pending']),
});

export const joinTeamBody = z.object({ invite_code: inviteCode, real_name: safeText(50).default('') });
/** joined: the user is a member and the team is now current; applied: waiting for approval. */
export const joinTeamData = z.object({ status: z.enum(['joined', 'applied']), team_id: z.number().int() });

/** The spec's phone items: `{country_code, value}`, with the dial-code-86 rule. */
const invitePhone = z
  .object({ country_code: countryCode.default(DEFAULT_COUNTRY_CODE), value: z.string().trim().max(20) })
  .refine((p) => isValidPhone(p.value, p.country_code), { message: 'invalid phone', path: ['value'] });

/** Invitation payload: type 1 phone, 0 email. Counted against the invitation limits (429, 1004). */
export const inviteTeamBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal(0), email_list: z.array(email).min(1).max(INVITE_ADDRESSES_PER_CALL) }),
  z.object({ type: z.literal(1), phone_list: z.array(invitePhone).min(1).max(INVITE_ADDRESSES_PER_CALL) }),
]);
export const inviteTeamData = z.object({ sent: z.number().int() });

export const updateTeamBody = z
  .object({ name: teamName.optional(), avatar: avatarUrl.optional(), description: description.optional() })
  .refine((v) => v.name !== undefined || v.avatar !== undefined || v.description !== undefined, {
    message: 'required',
    path: ['name'],
  });

export const dissolveTeamBody = z.object({
  confirm: z.literal(DISSOLVE_TEAM_CONFIRM_TEXT, { message: `type ${DISSOLVE_TEAM_CONFIRM_TEXT}` }),
});
export const applyStatusBody = z.object({ apply_audit: z.union([z.literal(0), z.literal(1)]) });
export const turnOverBody = z.object({ user_id: id });
export const userIdsBody = z.object({ user_ids: ids });
export const setAdminBody = z.object({ user_id: id, is_admin: z.union([z.literal(0), z.literal(1)]) });

/** The envelope's list paging (`page` from 1, `page_size` up to 100). */
const paging = pageQuery.shape;

export const memberListQuery = z.object({
  ...paging,
  keyword: safeText(100).default(''),
  /** A department's members (not its sub-departments'); 0 for members in no department. */
  department_id: departmentFilter.optional(),
});
export const member = z.object({
  user_id: z.number().int(),
  name: z.string(),
  real_name: z.string(),
  avatar: z.string(),
  phone: z.string(),
  email: z.string(),
  join_time: z.string(),
  department_id: z.number().int().nullable(),
  department_name: z.string(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
});
export type Member = z.infer<typeof member>;

export const leaveMemberListQuery = z.object(paging);
export const leavingMember = z.object({
  user_id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  department_name: z.string(),
  left_at: z.string(),
  days_since_leaving: z.number().int(),
});
/** Delete some leaving members, or all of them with `clear: 1`. */
export const deleteLeaveMemberBody = z.union([
  z.object({ user_ids: ids }),
  z.object({ clear: z.literal(1) }),
]);

export const applyListQuery = z.object(paging);
export const applicant = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  real_name: z.string(),
  phone: z.string(),
  email: z.string(),
  created_at: z.string(),
});
/** status 1 approve, 2 reject. */
export const applyAuditBody = z.object({ ids, status: z.union([z.literal(1), z.literal(2)]) });
export const applyAuditData = z.object({ approved: z.number().int(), rejected: z.number().int() });

/** A department tree node (spec: id, name, parentId, children), with its manager and head count. */
export type DepartmentNode = {
  id: number;
  name: string;
  parentId: number | null;
  manager_user_id: number | null;
  manager_name: string;
  member_count: number;
  sort: number;
  children: DepartmentNode[];
};
export const departmentNode: z.ZodType<DepartmentNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    parentId: z.number().int().nullable(),
    manager_user_id: z.number().int().nullable(),
    manager_name: z.string(),
    member_count: z.number().int(),
    sort: z.number().int(),
    children: z.array(departmentNode),
  }),
);
export const createDepartmentBody = z.object({
  name: departmentName,
  parent_id: id.nullable().default(null),
  manager_user_id: id.nullable().default(null),
});
export const saveDepartmentBody = z.object({
  id,
  name: departmentName.optional(),
  parent_id: id.nullable().optional(),
  manager_user_id: id.nullable().optional(),
});
export const deleteDepartmentBody = z.object({ id });
/** Move one department up or down among its siblings; moving past the first is refused. */
export const departmentSortBody = z.object({ id, direction: z.enum(['up', 'down']) });
/** Rename several departments at once. */
export const batchSaveDepartmentBody = z.object({
  departments: z
    .array(z.object({ id, name: departmentName }))
    .min(1)
    .max(200),
});
/** The new order of one parent's children (all of them). */
export const reSortDepartmentBody = z.object({ parent_id: id.nullable(), ids });
/** One department's members (0: those in no department), searched like `user-list`. */
export const departmentMemberListQuery = z.object({
  ...paging,
  keyword: safeText(100).default(''),
  department_id: departmentFilter,
});
export const changeMemberDepartmentBody = z.object({ user_ids: ids, department_id: id.nullable() });

export type IndustryNode = { id: number; name: string; children?: IndustryNode[] };
export const industryNode: z.ZodType<IndustryNode> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), children: z.array(industryNode).optional() }),
);

/** The plans and their numbers (`billing.ts`); the current one carries what the team uses. */
export const versionPacket = planPackage;
export const currentVersionPacket = currentPlanPackage;

export { TEAM_API } from './api.ts';
export { ORGANISATION_TEAM_TYPE, TEAM_ROLES } from './team-rules.ts';

/** A member of a team to choose for something (an agent, a project); contacts masked. */
export const teamCandidate = z.object({
  user_id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The owner of what they are chosen for: neither added as a member nor handed it. */
  is_owner: z.boolean(),
});
