import type { AgentConfig, AgentDetail, AgentTemplate } from '@tandem/contract/agent';
import { type AgentAccess, DEFAULT_MODEL_PARAMS } from '@tandem/contract/agent-rules';

/** What the editor's form holds: the configuration it saves, and who may reach the agent. */
export type WizardValues = AgentConfig & { access: AgentAccess; embed_origins: string[] };

export const BLANK_CONFIG: AgentConfig = {
  name: '',
  description: '',
  avatar: '',
  model_id: null,
  prompt: '',
  first_question: '',
  greeting: '',
  knowledge_ids: [],
  params: { ...DEFAULT_MODEL_PARAMS },
  cite_sources: false,
  markdown: true,
  suggest_questions: false,
  project_context: false,
  web_build: false,
};

export const DEFAULT_ACCESS: AgentAccess = 'team_private';

export const BLANK_VALUES: WizardValues = { ...BLANK_CONFIG, access: DEFAULT_ACCESS, embed_origins: [] };

const CONFIG_KEYS = Object.keys(BLANK_CONFIG) as (keyof AgentConfig)[];

/** The configuration part of the form, every field present (a missing one takes its blank value). */
export function configOf(values: Partial<WizardValues>): AgentConfig {
  const config = { ...BLANK_CONFIG } as Record<keyof AgentConfig, unknown>;
  for (const key of CONFIG_KEYS) if (values[key] !== undefined) config[key] = values[key];
  config.params = { ...BLANK_CONFIG.params, ...values.params };
  return config as AgentConfig;
}

export const valuesFromDetail = (detail: AgentDetail): WizardValues => ({
  ...configOf(detail.draft),
  access: detail.access,
  embed_origins: detail.embed_origins,
});

/** A template fills the configuration; who may reach the agent stays as the user set it. */
export const valuesFromTemplate = (template: AgentTemplate | null, current: WizardValues): WizardValues => ({
  ...(template ? configOf(template.config) : BLANK_CONFIG),
  access: current.access,
  embed_origins: current.embed_origins,
});

/** A stable text of the values, to tell whether the form differs from what was last saved. */
export function snapshotOf(values: Partial<WizardValues>): string {
  const config = configOf(values);
  return JSON.stringify({
    ...config,
    name: config.name.trim(),
    params: Object.fromEntries(Object.entries(config.params).sort(([a], [b]) => a.localeCompare(b))),
    access: values.access ?? DEFAULT_ACCESS,
    embed_origins: values.embed_origins ?? [],
  });
}
