import { type AgentTemplate, agentConfig } from '@tandem/contract/agent';
import { PRESET_VALUES } from '@tandem/contract/agent-rules';
import type { Locale } from '@tandem/contract/i18n';
import { AppError } from '../../platform/http/app-error.ts';
import { TEMPLATE_SOURCES, type TemplateSource } from './template-texts.ts';
import { WEB_BUILDER_TEMPLATE } from './web-builder-template.ts';

function templateOf(source: TemplateSource, locale: Locale): AgentTemplate {
  const text = source.texts[locale];
  return {
    id: source.id,
    name: text.name,
    description: text.description,
    config: agentConfig.parse({
      name: text.name,
      description: text.description,
      prompt: text.prompt,
      first_question: text.first_question,
      greeting: text.greeting,
      markdown: source.markdown,
      suggest_questions: source.suggest_questions,
      web_build: source.web_build ?? false,
      params: { preset: source.preset, ...PRESET_VALUES[source.preset] },
    }),
  };
}

const byLocale = new Map<Locale, AgentTemplate[]>();

/** The wizard's templates in the caller's language (built once per language). */
export function listTemplates(locale: Locale): AgentTemplate[] {
  let templates = byLocale.get(locale);
  if (!templates) {
    templates = [...TEMPLATE_SOURCES, WEB_BUILDER_TEMPLATE].map((source) => templateOf(source, locale));
    byLocale.set(locale, templates);
  }
  return templates;
}

export function findTemplate(id: string, locale: Locale): AgentTemplate {
  const template = listTemplates(locale).find((t) => t.id === id);
  if (!template) throw new AppError('AGENT_TEMPLATE_NOT_FOUND');
  return template;
}
