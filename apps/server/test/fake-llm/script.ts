/**
 * What the fake models answer, the same for both wire formats, so tests can assert on it:
 * - by default `Echo: <the last user message>`, plus ` (N images)` when it carried images;
 * - asked for the next questions (a system prompt with "most likely to ask next"), a JSON array of
 *   three (`SUGGESTED`);
 * - given numbered sources to cite (a system prompt asking for `[1]`), it cites the first:
 *   `Echo: <the last user message> [1]`, unless that message says `uncited` (a model that ignores
 *   the instruction);
 * - `/system` answers `System: <the system prompt>`; `/params` answers the sampling settings it got
 *   (`temperature=0.7 top_p=1 max_tokens=2048 presence_penalty=0 frequency_penalty=0`, `-` for absent);
 *   `/take` answers `Take N`, N counting its answers, so each regenerated reply differs from the last.
 * Words stream one per chunk; one word is one token, so `max_tokens` N stops after N words with
 * finish reason `length`. The model key steers the rest: `fail` answers HTTP 500 with an error body,
 * `slow` waits 150 ms before each chunk, `reason` streams `Thinking about: <message>` as reasoning first,
 * and `break` then drops the connection before answering.
 */

export type FakeTurn = {
  system: string;
  lastUserText: string;
  imageCount: number;
  /** Words in every message, the prompt's token count. */
  promptTokens: number;
  params: Record<'temperature' | 'top_p' | 'max_tokens' | 'presence_penalty' | 'frequency_penalty', unknown>;
};

export type FakeBehaviour = {
  isFailing: boolean;
  delayMs: number;
  isReasoning: boolean;
  /** Drops the connection after the reasoning, before any answer (OpenAI format). */
  breaksWhileThinking: boolean;
};

/** What the fake suggests when asked for the next questions. */
export const SUGGESTED = ['What else?', 'Why so?', 'Any examples?'];

export const FAKE_FAILURE_MESSAGE = 'The fake model failed on purpose';
export const SLOW_CHUNK_DELAY_MS = 150;

export const behaviourOf = (modelKey: string): FakeBehaviour => ({
  isFailing: modelKey.includes('fail'),
  delayMs: modelKey.includes('slow') ? SLOW_CHUNK_DELAY_MS : 0,
  isReasoning: modelKey.includes('reason'),
  breaksWhileThinking: modelKey.includes('break'),
});

/** The agents' instruction to cite numbered sources (modules/knowledge/agent-context.ts). */
const CITE_ASKED = /cite it by its number in square brackets/;

export const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

let takes = 0;
let writings = 0;

const WRITING_ASSISTANT = 'writing assistant of a document editor';

function writingReplyOf(turn: FakeTurn): string {
  const task = /^Task: (.*)$/m.exec(turn.system)?.[1] ?? 'Task';
  const selection = /<selection>\n([\s\S]*?)\n<\/selection>/.exec(turn.lastUserText)?.[1] ?? '';
  return `**${task}** (${++writings}) ${selection}`;
}

/** What a web builder's system prompt says (modules/sites/builder-prompt.ts). */
const WEB_BUILDER = 'You build web pages. Write each file of the page as a fenced code block';
export const FIXED_PAGE_TEXT = 'Fixed by the agent';

/** The files a fix request names, each written again so that it builds. */
function siteFixOf(turn: FakeTurn): string | undefined {
  if (!turn.system.includes(WEB_BUILDER)) return undefined;
  const files = [...turn.lastUserText.matchAll(/^- ([\w./-]+):\d+(?::\d+)?: /gm)].map((match) => match[1]!);
  if (files.length === 0) return undefined;
  const blocks = [...new Set(files)].map((path) => {
    const kind = path.slice(path.lastIndexOf('.') + 1);
    const body =
      kind === 'css'
        ? `h1 { color: teal; }`
        : kind === 'html'
          ? `<!doctype html><h1>${FIXED_PAGE_TEXT}</h1>`
          : `export default function App() {\n  return <h1>${FIXED_PAGE_TEXT}</h1>;\n}`;
    return `\`\`\`${kind} path=${path}\n${body}\n\`\`\``;
  });
  return ['Fixed:', ...blocks].join('\n');
}

const shown = (value: unknown) => (value === undefined || value === null ? '-' : String(value));

/** The whole answer, before max_tokens cuts it. */
export function replyOf(turn: FakeTurn): string {
  // Asked for the next questions after a reply (the chat's suggestions), it suggests three.
  if (turn.system.includes('most likely to ask next')) return JSON.stringify(SUGGESTED);
  if (turn.system.includes(WRITING_ASSISTANT)) return writingReplyOf(turn);
  const fix = siteFixOf(turn);
  if (fix) return fix;
  const command = turn.lastUserText.trim();
  if (command === '/system') return `System: ${turn.system}`;
  if (command === '/take') return `Take ${++takes}`;
  if (command === '/params') {
    return Object.entries(turn.params)
      .map(([name, value]) => `${name}=${shown(value)}`)
      .join(' ');
  }
  const images = turn.imageCount > 0 ? ` (${turn.imageCount} image${turn.imageCount > 1 ? 's' : ''})` : '';
  const cites =
    CITE_ASKED.test(turn.system) && /^\[1\] /m.test(turn.system) && !turn.lastUserText.includes('uncited')
      ? ' [1]'
      : '';
  return `Echo: ${turn.lastUserText}${images}${cites}`;
}

/**
 * The chunks to stream: one word each, with the spaces or line breaks before it (so an echoed
 * Markdown table or code block keeps its lines), and why it stopped.
 */
export function chunksOf(text: string, maxTokens: unknown) {
  const words = text.trim().match(/\s*\S+/g) ?? [];
  const limit = typeof maxTokens === 'number' && maxTokens > 0 ? maxTokens : Number.POSITIVE_INFINITY;
  const kept = words.slice(0, limit);
  return { chunks: kept, isCut: kept.length < words.length };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
