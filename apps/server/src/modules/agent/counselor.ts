import { randomBytes } from 'node:crypto';
import { comAgentChannel, parseComAgentChannel } from '@tandem/contract/realtime-channels';
import { AppError } from '../../platform/http/app-error.ts';
import type { LlmMessage } from '../../platform/llm/llm.ts';

/**
 * The prompt counselor: asks the model to improve an agent's prompt. Its suggestion streams on a
 * common agent channel of the caller, as get-com-chat-channel hands them out.
 */

const COUNSELOR_KEY = 'counselor_optimize';

const INSTRUCTIONS = `You are an expert prompt engineer. Improve the system prompt of an AI agent.
- Keep the author's intent, facts and constraints; do not add capabilities the agent does not have.
- Make the role, the audience, the steps to follow, the answer format and the limits explicit.
- Prefer short, direct sentences and bullet points. Remove repetition and vague wording.
- Write in the same language as the original prompt.
Answer with the improved prompt only: no preface, no explanation, no surrounding quotes.`;

/** The caller's channel from get-com-chat-channel, or a new one when they sent none. */
export function counselorChannel(userId: number, requested?: string): string {
  if (!requested) return comAgentChannel(COUNSELOR_KEY, randomBytes(12).toString('base64url'), userId);
  const parsed = parseComAgentChannel(requested);
  if (!parsed || parsed.key !== COUNSELOR_KEY) {
    throw new AppError('BAD_REQUEST', {
      fields: [{ field: 'channel', message: 'not a counselor_optimize channel' }],
    });
  }
  if (parsed.userId !== userId) throw new AppError('FORBIDDEN');
  return requested;
}

export function counselorMessages(input: {
  prompt: string;
  name: string;
  description: string;
}): LlmMessage[] {
  const about = [
    input.name.trim() && `Agent name: ${input.name.trim()}`,
    input.description.trim() && `What it does: ${input.description.trim()}`,
  ].filter(Boolean);
  return [
    { role: 'system', content: INSTRUCTIONS },
    {
      role: 'user',
      content: [...about, `Prompt to improve:\n<<<\n${input.prompt}\n>>>`].join('\n\n'),
    },
  ];
}
