import type { AgentConfig, ChatTurn, StreamEvent } from '@tandem/contract/agent';
import { ERRORS, type ErrorName } from '@tandem/contract/errors';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import type { FastifyBaseLogger } from 'fastify';
import {
  isLlmError,
  type Llm,
  type LlmErrorKind,
  type LlmMessage,
  type LlmRequest,
} from '../../platform/llm/llm.ts';
import { SITE_BUILDER_RULES } from '../sites/index.ts';

/** The system message an agent's configuration gives the model. */
export function agentSystemPrompt(config: AgentConfig): string {
  const rules = [
    ...(config.markdown ? [] : ['Answer in plain text, without Markdown formatting.']),
    ...(config.web_build ? [SITE_BUILDER_RULES] : []),
  ];
  return [config.prompt, ...rules].filter((part) => part.trim() !== '').join('\n\n');
}

/**
 * What the model reads for a reply: the agent's system prompt, the last `context_window` turns before
 * the user's message (the spec's context window counts messages), and that message.
 */
export function agentMessages(config: AgentConfig, turns: ChatTurn[]): LlmMessage[] {
  const last = turns.at(-1);
  const window = config.params.context_window;
  const history = window > 0 ? turns.slice(0, -1).slice(-window) : [];
  const system = agentSystemPrompt(config);
  return [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...history,
    ...(last ? [last] : []),
  ];
}

export const agentParams = (config: AgentConfig): LlmRequest['params'] => ({
  temperature: config.params.temperature,
  top_p: config.params.top_p,
  max_tokens: config.params.max_tokens,
  presence_penalty: config.params.presence_penalty,
  frequency_penalty: config.params.frequency_penalty,
});

/** The chat error code a failed model call shows. */
export const ERROR_OF_KIND: Record<Exclude<LlmErrorKind, 'aborted'>, ErrorName> = {
  model_unavailable: 'MODEL_UNAVAILABLE',
  timeout: 'ANSWER_TIMEOUT',
  provider_failed: 'SYSTEM_BUSY',
};

export const errorEvent = (name: ErrorName, locale: Locale): StreamEvent => ({
  type: 'error',
  code: ERRORS[name].code,
  msg: translate(locale, `error.${ERRORS[name].key}`),
});

/**
 * Streams a reply as events: deltas, reasoning, then `done` with the whole text, or one `error` with
 * a localised message. Nothing follows an abort: nobody is listening. Answers the whole text.
 */
export async function relayReply(
  llm: Llm,
  request: LlmRequest,
  emit: (event: StreamEvent) => unknown,
  options: { locale: Locale; log: FastifyBaseLogger },
): Promise<string> {
  let content = '';
  try {
    for await (const chunk of llm.stream(request)) {
      if (chunk.type === 'text') {
        content += chunk.text;
        await emit({ type: 'delta', content: chunk.text });
      } else if (chunk.type === 'reasoning') {
        await emit({ type: 'reasoning', content: chunk.text });
      } else {
        await emit({
          type: 'done',
          content,
          finish_reason: chunk.reason,
          usage: {
            input_tokens: chunk.usage.inputTokens ?? null,
            output_tokens: chunk.usage.outputTokens ?? null,
          },
        });
      }
    }
  } catch (error) {
    if (isLlmError(error, 'aborted') || request.signal?.aborted) return content;
    if (isLlmError(error) && error.kind !== 'aborted') {
      options.log.warn({ err: error }, 'model reply failed');
      await emit(errorEvent(ERROR_OF_KIND[error.kind], options.locale));
    } else {
      options.log.error({ err: error }, 'model reply failed');
      await emit(errorEvent('INTERNAL', options.locale));
    }
  }
  return content;
}
