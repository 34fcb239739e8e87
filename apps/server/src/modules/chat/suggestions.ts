import { NEXT_QUESTION_SUGGESTIONS } from '@tandem/contract/limits';
import type { Llm } from '../../platform/llm/llm.ts';

/** The longest suggested question kept, in characters. */
const QUESTION_MAX = 200;
const SUGGESTION_TIMEOUT_MS = 20_000;

const INSTRUCTION = [
  `Suggest the ${NEXT_QUESTION_SUGGESTIONS} questions the user is most likely to ask next, given the exchange below.`,
  'Write them in the language of the user’s question, each short and self-contained, in the user’s voice.',
  `Answer with a JSON array of ${NEXT_QUESTION_SUGGESTIONS} strings and nothing else.`,
].join(' ');

/**
 * The questions a model suggested: a JSON array of strings, or failing that one per line (numbering,
 * bullets and quotes taken off). Empty, duplicate and overlong ones are dropped; at most
 * NEXT_QUESTION_SUGGESTIONS are kept.
 */
export function parseSuggestions(text: string): string[] {
  const fenced = text.replace(/```(?:json)?/gi, '').trim();
  let candidates: unknown[] = [];
  const array = /\[[\s\S]*\]/.exec(fenced)?.[0];
  try {
    const parsed: unknown = array ? JSON.parse(array) : undefined;
    if (Array.isArray(parsed)) candidates = parsed;
  } catch {
    // Not JSON after all: read it line by line.
  }
  if (candidates.length === 0) candidates = fenced.split('\n');
  const questions: string[] = [];
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const question = candidate
      .trim()
      .replace(/^(?:[-*•]|\d+[.)、])\s*/, '')
      .replace(/^["'“”「]+|["'“”」,]+$/g, '')
      .trim();
    if (question === '' || question.length > QUESTION_MAX || questions.includes(question)) continue;
    questions.push(question);
    if (questions.length === NEXT_QUESTION_SUGGESTIONS) break;
  }
  return questions;
}

/** Asks the agent's model for the next questions after a reply; empty when it has none to give. */
export async function suggestNextQuestions(
  llm: Llm,
  modelId: number,
  exchange: { question: string; answer: string },
): Promise<string[]> {
  const { text } = await llm.complete({
    modelId,
    messages: [
      { role: 'system', content: INSTRUCTION },
      { role: 'user', content: `Question:\n${exchange.question}\n\nAnswer:\n${exchange.answer}` },
    ],
    params: { temperature: 0.7, max_tokens: 300 },
    timeoutMs: SUGGESTION_TIMEOUT_MS,
  });
  return parseSuggestions(text);
}
