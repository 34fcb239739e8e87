import { NEXT_QUESTION_SUGGESTIONS } from '@tandem/contract/limits';
import type { Llm } from '../../../platform/llm/llm.ts';

/** The longest suggested question kept, in characters: a chip under the reply, not a paragraph. */
export const QUESTION_MAX = 120;
const SUGGESTION_TIMEOUT_MS = 20_000;

const INSTRUCTION = [
  `Suggest the ${NEXT_QUESTION_SUGGESTIONS} questions the user is most likely to ask next, given the exchange below.`,
  'Write them in the language of the user’s question, each short and self-contained, in the user’s voice.',
  `Answer with a JSON array of ${NEXT_QUESTION_SUGGESTIONS} strings and nothing else.`,
].join(' ');

/** Numbering, bullets, "Q1:" labels and quotes a model puts around a question. */
const LEADING_MARKER =
  /^(?:[-*+•·・●○▪◦>]+|[(（][0-9０-９]{1,2}[)）]|[0-9０-９]{1,2}(?:[.)](?![0-9])|[、．:：）])|[①-⑳]|(?:q|question|问题|問題|質問)\s*[0-9０-９]*\s*[.:：、])\s*/iu;
const WRAPPING = /^["'“”‘’「」『』*_`]+|["'“”‘’「」『』*_`,，、]+$/gu;
const ENDS_WITH_QUESTION_MARK = /[?？]$/u;
/** A question needs at least a word before its mark. */
const QUESTION_MIN = 3;

/** A line or array item as a question, or undefined when it is not one (a heading, an intro, a note). */
function questionOf(candidate: string): string | undefined {
  let text = candidate.trim();
  if (text.startsWith('#')) return undefined;
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(LEADING_MARKER, '').replace(WRAPPING, '').trim();
  }
  const length = [...text].length;
  if (!ENDS_WITH_QUESTION_MARK.test(text) || length < QUESTION_MIN || length > QUESTION_MAX) return undefined;
  return text;
}

/** Two questions differing only in letter case, width or spacing are the same question. */
const sameness = (question: string) => question.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

/**
 * The questions a model suggested: a JSON array of strings, or failing that its lines. Only real
 * questions are kept (ending with "?" or "？", numbering, bullets, labels and quotes taken off; no
 * headings, intros or notes), of a sensible length, each once, at most NEXT_QUESTION_SUGGESTIONS.
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
  if (!candidates.some((candidate) => typeof candidate === 'string')) candidates = fenced.split(/\r?\n/);
  const questions: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const question = typeof candidate === 'string' ? questionOf(candidate) : undefined;
    if (!question || seen.has(sameness(question))) continue;
    seen.add(sameness(question));
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
