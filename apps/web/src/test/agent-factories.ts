import type { AgentCard, AgentDetail } from '@tandem/contract/agent';
import type { AgentAbilities } from '@tandem/contract/agent-rules';
import type { AvailableModel } from '@tandem/contract/model';
import { BLANK_CONFIG } from '../features/agents/model/wizard-values.ts';

const ALL_ABILITIES: AgentAbilities = {
  use: true,
  edit: true,
  publish: true,
  share: true,
  manage_members: true,
  analyse: true,
  delete: true,
  transfer: true,
};

export const abilities = (overrides: Partial<AgentAbilities> = {}): AgentAbilities => ({
  ...ALL_ABILITIES,
  ...overrides,
});

/** A published agent of Ada's, as the hub lists it. */
export function createAgentCard(overrides: Partial<AgentCard> = {}): AgentCard {
  return {
    id: 1,
    agent_key: 'key-000001',
    name: 'Travel planner',
    description: 'Plans trips day by day.',
    avatar: '',
    status: 'published',
    access: 'team_public',
    owner_id: 7,
    owner_name: 'Ada',
    model_name: 'Local model',
    conversation_count: 12,
    published_at: '2026-03-01T09:00:00.000Z',
    my_role: 'owner',
    abilities: abilities(),
    is_default: false,
    ...overrides,
  };
}

/** An agent as the editor loads it: Ada's draft, never published. */
export function createAgentDetail(overrides: Partial<AgentDetail> = {}): AgentDetail {
  return {
    id: 5,
    agent_key: 'key-000005',
    team_id: 1,
    status: 'draft',
    access: 'team_private',
    embed_origins: [],
    draft: { ...BLANK_CONFIG, name: 'Helper' },
    published: null,
    has_unpublished_changes: false,
    owner: { user_id: 7, name: 'Ada', avatar: '' },
    my_role: 'owner',
    abilities: abilities(),
    model: null,
    conversation_count: 0,
    published_at: null,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    is_default: false,
    ...overrides,
  };
}

export function createModel(overrides: Partial<AvailableModel> = {}): AvailableModel {
  return {
    id: 3,
    name: 'Local model',
    provider_name: 'Test provider',
    parameter_size: '7B',
    training_date: '2025-06',
    context_length: 32_000,
    supports_images: false,
    points_per_request: 2,
    is_default: false,
    ...overrides,
  };
}
