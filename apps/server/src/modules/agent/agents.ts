import { randomBytes } from 'node:crypto';
import type {
  AgentConfig,
  AgentDetail,
  AgentStateData,
  CreateAgentData,
  PublicAgentInfo,
} from '@tandem/contract/agent';
import type { AgentAccess, AgentStatus } from '@tandem/contract/agent-rules';
import type { FieldError } from '@tandem/contract/errors';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { agents, teamMembers, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { platformDefaultModelId } from '../model/index.ts';
import { projectIdsOfTeam } from '../project/index.ts';
import { maskedPerson, personColumns } from '../team/index.ts';
import { type AgentContext, type AgentRow, readConfig } from './agent-data.ts';
import { describeModel } from './agent-models.ts';
import { agentAbilities, agentRole, mayReach } from './policy.ts';

/** The listing columns (hub cards, search) follow the published configuration once there is one. */
const listingOf = (config: AgentConfig) => ({
  name: config.name,
  description: config.description,
  avatar: config.avatar,
  modelId: config.model_id,
});

const newAgentKey = () => randomBytes(12).toString('base64url');

const stateOf = (row: AgentRow): AgentStateData => ({
  id: row.id,
  status: row.status,
  published_at: row.publishedAt?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});

/** A draft agent in the team, owned by its creator. */
export async function createAgent(
  db: Db,
  owner: { teamId: number; userId: number },
  config: AgentConfig,
): Promise<CreateAgentData> {
  await checkDraft(db, owner.teamId, config);
  const [row] = await db
    .insert(agents)
    .values({
      agentKey: newAgentKey(),
      teamId: owner.teamId,
      ownerId: owner.userId,
      draft: config,
      ...listingOf(config),
    })
    .returning({ id: agents.id, agentKey: agents.agentKey });
  if (!row) throw new AppError('OPERATION_FAILED');
  return { id: row.id, agent_key: row.agentKey };
}

/**
 * What a draft may hold: a model that exists (it may have been disabled since it was chosen; publishing
 * checks that) and knowledge bases that are projects of the agent's team.
 */
async function checkDraft(db: Db, teamId: number, config: AgentConfig) {
  const fields: FieldError[] = [];
  if (config.model_id !== null && !(await describeModel(db, config.model_id))) {
    fields.push({ field: 'config.model_id', message: 'unknown model' });
  }
  const teamProjects = await projectIdsOfTeam(db, teamId, config.knowledge_ids);
  if (teamProjects.length < new Set(config.knowledge_ids).size) {
    fields.push({ field: 'config.knowledge_ids', message: 'unknown knowledge base' });
  }
  if (fields.length > 0) throw new AppError('BAD_REQUEST', { fields });
}

/** Saves the draft; a published agent keeps serving its published configuration. */
export async function saveDraft(db: Db, agent: AgentRow, config: AgentConfig): Promise<AgentStateData> {
  await checkDraft(db, agent.teamId, config);
  const unlessPublished = (value: unknown, column: AnyPgColumn) =>
    sql`case when ${agents.published} is null then ${value} else ${column} end`;
  const listing = listingOf(config);
  const [row] = await db
    .update(agents)
    .set({
      draft: config,
      name: unlessPublished(listing.name, agents.name),
      description: unlessPublished(listing.description, agents.description),
      avatar: unlessPublished(listing.avatar, agents.avatar),
      modelId: unlessPublished(listing.modelId, agents.modelId),
      updatedAt: new Date(),
    })
    .where(and(eq(agents.id, agent.id), isNull(agents.deletedAt)))
    .returning();
  if (!row) throw new AppError('AGENT_DELETED');
  return stateOf(row);
}

async function ownerOf(db: Db, agent: AgentRow, viewerId: number | undefined) {
  const [row] = await db
    .select(personColumns)
    .from(users)
    .leftJoin(teamMembers, and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, agent.teamId)))
    .where(eq(users.id, agent.ownerId))
    .limit(1);
  if (!row) return { user_id: agent.ownerId, name: '', avatar: '' };
  return { user_id: row.userId, name: maskedPerson(row, row.userId === viewerId).name, avatar: row.avatar };
}

export async function describeAgent(db: Db, { agent, actor }: AgentContext): Promise<AgentDetail> {
  const draft = readConfig(agent.draft);
  const published = agent.published ? readConfig(agent.published) : null;
  const [owner, model] = await Promise.all([
    ownerOf(db, agent, actor.userId),
    describeModel(db, await answeringModelId(db, agent, draft)),
  ]);
  return {
    id: agent.id,
    agent_key: agent.agentKey,
    team_id: agent.teamId,
    status: agent.status,
    access: agent.access,
    embed_origins: agent.embedOrigins,
    draft,
    published,
    has_unpublished_changes: published !== null && JSON.stringify(draft) !== JSON.stringify(published),
    owner,
    my_role: agentRole(agent, actor),
    abilities: agentAbilities(agent, actor),
    model,
    conversation_count: agent.conversationCount,
    published_at: agent.publishedAt?.toISOString() ?? null,
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
    is_default: agent.isDefault,
  };
}

/** The model the agent answers with: its own, else (the team's default assistant) the platform's default. */
export async function answeringModelId(db: Db, agent: AgentRow, config: AgentConfig): Promise<number | null> {
  if (config.model_id !== null || !agent.isDefault) return config.model_id;
  return (await platformDefaultModelId(db)) ?? null;
}

/** Which statuses each change starts from. A disabled agent changes no status (2111). */
const TRANSITIONS = {
  publish: { from: ['draft', 'published', 'off_shelf'], to: 'published' },
  unpublish: { from: ['published', 'off_shelf'], to: 'draft' },
  offShelf: { from: ['published'], to: 'off_shelf' },
  onShelf: { from: ['off_shelf'], to: 'published' },
} as const satisfies Record<string, { from: AgentStatus[]; to: AgentStatus }>;
export type StatusChange = keyof typeof TRANSITIONS;

/**
 * Moves the agent to the change's status, only from a status it starts from (checked in the update
 * itself, so two racing changes cannot both pass). Publishing releases the draft; unpublishing drops
 * the released configuration, so the agent is a draft again and nothing of it is served.
 */
export async function changeStatus(db: Db, agent: AgentRow, change: StatusChange): Promise<AgentStateData> {
  if (agent.status === 'disabled') throw new AppError('AGENT_DISABLED');
  // The team's default assistant stays usable: edits may be released, never withdrawn.
  if (agent.isDefault && (change === 'unpublish' || change === 'offShelf')) {
    throw new AppError('DEFAULT_AGENT_FIXED');
  }
  const { from, to } = TRANSITIONS[change];
  const draft = readConfig(agent.draft);
  const now = new Date();
  const released =
    change === 'publish'
      ? { published: draft, publishedAt: now, ...listingOf(draft) }
      : change === 'unpublish'
        ? { published: null, publishedAt: null, ...listingOf(draft) }
        : {};
  const [row] = await db
    .update(agents)
    .set({ status: to, updatedAt: now, ...released })
    .where(and(eq(agents.id, agent.id), inArray(agents.status, [...from]), isNull(agents.deletedAt)))
    .returning();
  if (!row) throw new AppError('AGENT_STATUS_CONFLICT');
  return stateOf(row);
}

export async function setAccess(db: Db, agent: AgentRow, access: AgentAccess, embedOrigins: string[]) {
  await db
    .update(agents)
    .set({ access, embedOrigins, updatedAt: new Date() })
    .where(and(eq(agents.id, agent.id), isNull(agents.deletedAt)));
  return { access, embed_origins: embedOrigins };
}

/**
 * A deleted agent's tombstone name and avatar, given with its AGENT_DELETED error so the chat can
 * still title the conversations held with it (they stay readable); any other error as it is.
 */
export async function deletedAgentFace(db: Db, agentKey: string, error: unknown): Promise<never> {
  if (!(error instanceof AppError) || error.errorName !== 'AGENT_DELETED') throw error;
  const [tombstone] = await db
    .select({ name: agents.name, avatar: agents.avatar })
    .from(agents)
    .where(eq(agents.agentKey, agentKey));
  throw new AppError('AGENT_DELETED', {
    data: { name: tombstone?.name ?? '', avatar: tombstone?.avatar ?? '' },
  });
}

/**
 * What a link, QR code or embed shows: the released configuration's public face. A visitor is asked
 * to sign in for a team agent; to a signed-in caller outside its audience it is not found, as it is on
 * every other agent call (a refusal would tell them the agent exists).
 */
export async function publicInfo(db: Db, { agent, actor }: AgentContext): Promise<PublicAgentInfo> {
  const role = agentRole(agent, actor);
  if (!mayReach(agent.access, role)) throw new AppError(actor.userId ? 'AGENT_NOT_FOUND' : 'LOGIN_INVALID');
  if (agent.status === 'off_shelf') throw new AppError('AGENT_OFF_SHELF');
  if (agent.status === 'disabled') throw new AppError('AGENT_DISABLED');
  if (agent.status !== 'published' || !agent.published) throw new AppError('AGENT_NOT_FOUND');
  const config = readConfig(agent.published);
  const model = await describeModel(db, await answeringModelId(db, agent, config));
  const isUsable = model?.available === true;
  return {
    id: agent.id,
    agent_key: agent.agentKey,
    name: config.name,
    avatar: config.avatar,
    description: config.description,
    greeting: config.greeting,
    first_question: config.first_question,
    markdown: config.markdown,
    suggest_questions: config.suggest_questions,
    points_per_request: isUsable ? model.points_per_request : null,
    supports_images: isUsable && model.supports_images,
    can_edit: agentAbilities(agent, actor).edit,
    is_default: agent.isDefault,
  };
}
