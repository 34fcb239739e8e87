import { CITATION_SNIPPET_CHARS, type Citation } from '@tandem/contract/citation';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents, knowledgeChunks } from '../../db/schema.ts';
import { estimateTokens } from '../../platform/llm/token-estimate.ts';
import { projectIdsOfTeam } from '../project/index.ts';
import { retrieveChunks } from './search.ts';

/**
 * What an agent's reply may draw on (docs/decisions.md, "Agents that know projects").
 * `userId` is the asker: only projects they may read feed the reply, so a visitor (null) gets none.
 */
export type KnowledgeAsk = {
  userId: number | null;
  /** The agent's team: its configured projects count only when they are the team's. */
  teamId: number;
  /** The agent's knowledge bases (`knowledge_ids`). */
  projectIds: readonly number[];
  /** A project the chat is opened from (`project_context`); read by the asker's rights, whatever its team. */
  contextProjectId?: number | null;
  /** The document the chat is beside: its text leads the sources (the route has checked the asker reads it). */
  documentId?: number | null;
  citeSources: boolean;
};

/** A passage given to the model, under the number the reply cites it by. */
export type KnowledgeSource = Omit<Citation, 'available' | 'cited'>;

/** The best chunks asked for at most; the budget usually ends the list first. */
const CHUNKS_MAX = 8;
/** A passage cut to fit is kept only when this much of it remains. */
const PASSAGE_MIN_TOKENS = 40;
/** The open document takes at most this share of the budget; the retrieved passages the rest. */
const DOCUMENT_SHARE = 0.5;
/** The question as a search query: its start is enough, and long queries rank slowly. */
const QUERY_CHARS = 500;

/** The text cut to about `tokens`, at a line or word end where one is near. */
export function trimToTokens(text: string, tokens: number): string {
  if (estimateTokens(text) <= tokens) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (estimateTokens(text.slice(0, middle)) <= tokens) low = middle;
    else high = middle - 1;
  }
  const cut = text.slice(0, low);
  const end = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf(' '));
  return `${end > low * 0.8 ? cut.slice(0, end) : cut}…`;
}

const snippetOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= CITATION_SNIPPET_CHARS ? flat : `${flat.slice(0, CITATION_SNIPPET_CHARS)}…`;
};

/** The open document's text, from its index (a PDF's text as well as an editor document's). */
async function documentPassages(db: Db, documentId: number) {
  return db
    .select({
      documentUniqCode: documents.uniqCode,
      documentName: documents.name,
      heading: knowledgeChunks.heading,
      text: knowledgeChunks.text,
      page: knowledgeChunks.page,
    })
    .from(knowledgeChunks)
    .innerJoin(documents, eq(documents.id, knowledgeChunks.documentId))
    .where(eq(knowledgeChunks.documentId, documentId))
    .orderBy(asc(knowledgeChunks.ordinal));
}

const sourceHeader = (source: Pick<KnowledgeSource, 'n' | 'doc_name' | 'heading' | 'page'>) =>
  [
    `[${source.n}] ${source.doc_name}`,
    source.heading && `(${source.heading})`,
    source.page !== null && `(page ${source.page})`,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * The sources for answering `question` within `budgetTokens`, numbered from 1, and the instructions
 * that present them to the model (empty when there is nothing to give). The open document comes first
 * (its passages in order, up to half the budget), then the best passages of the projects the asker may
 * read, best first, while they fit; the last one that does not fit is cut.
 */
export async function gatherKnowledge(
  db: Db,
  ask: KnowledgeAsk,
  question: string,
  budgetTokens: number,
): Promise<{ instructions: string; sources: KnowledgeSource[] }> {
  const none = { instructions: '', sources: [] };
  if (ask.userId === null || budgetTokens <= PASSAGE_MIN_TOKENS) return none;
  const sources: KnowledgeSource[] = [];
  const blocks: string[] = [];
  let left = budgetTokens;
  /** Gives a passage within `room` tokens (and what is left): whole, cut to fit, or not at all. */
  const add = (
    passage: Omit<KnowledgeSource, 'n' | 'snippet'> & { text: string },
    room: number,
  ): 'added' | 'cut' | 'full' => {
    const { text: whole, ...where } = passage;
    const n = sources.length + 1;
    const header = sourceHeader({ ...where, n });
    const headerTokens = estimateTokens(header) + 2;
    const textRoom = Math.min(room, left) - headerTokens;
    if (textRoom < PASSAGE_MIN_TOKENS && estimateTokens(whole) > textRoom) return 'full';
    const text = trimToTokens(whole, textRoom);
    sources.push({ ...where, n, snippet: snippetOf(text) });
    blocks.push(`${header}\n${text}`);
    left -= headerTokens + estimateTokens(text);
    return text === whole ? 'added' : 'cut';
  };

  let isDocumentWhole = true;
  if (ask.documentId) {
    let documentRoom = Math.floor(budgetTokens * DOCUMENT_SHARE);
    for (const passage of await documentPassages(db, ask.documentId)) {
      const before = left;
      const added = add(
        {
          doc_id: ask.documentId,
          doc_uniq_code: passage.documentUniqCode,
          doc_name: passage.documentName,
          heading: passage.heading,
          page: passage.page,
          text: passage.text,
        },
        documentRoom,
      );
      documentRoom -= before - left;
      if (added !== 'added') {
        isDocumentWhole = false;
        break;
      }
    }
  }
  const teamProjects = await projectIdsOfTeam(db, ask.teamId, ask.projectIds);
  const projectIds = [...teamProjects, ...(ask.contextProjectId ? [ask.contextProjectId] : [])];
  const query = question.slice(0, QUERY_CHARS).trim();
  if (projectIds.length > 0 && query !== '' && left > PASSAGE_MIN_TOKENS) {
    const chunks = await retrieveChunks(db, { userId: ask.userId, projectIds, query, limit: CHUNKS_MAX });
    for (const chunk of chunks) {
      // The open document's passages are there already, unless it was too long to give whole.
      if (chunk.documentId === ask.documentId && isDocumentWhole) continue;
      const added = add(
        {
          doc_id: chunk.documentId,
          doc_uniq_code: chunk.documentUniqCode,
          doc_name: chunk.documentName,
          heading: chunk.heading,
          page: chunk.page,
          text: chunk.text,
        },
        left,
      );
      if (added !== 'added') break;
    }
  }
  if (sources.length === 0) return none;
  const citing = ask.citeSources
    ? 'When you use a source, cite it by its number in square brackets right after the statement, like [1]. Cite only sources you used.'
    : 'Do not mention the source numbers.';
  const lead = ask.documentId
    ? 'The user is reading a document; its text comes first among the sources below.'
    : '';
  const instructions = [
    lead,
    `Answer from these sources of the team's projects where they help. ${citing}`,
    blocks.join('\n\n'),
  ]
    .filter(Boolean)
    .join('\n\n');
  return { instructions, sources };
}

/**
 * The sources a reply cites, by the `[n]` (or `[1, 2]`) markers in its text, in number order; a number
 * that names no source is ignored.
 */
export function citationsOf(content: string, sources: readonly KnowledgeSource[]): KnowledgeSource[] {
  const cited = new Set<number>();
  for (const match of content.matchAll(/\[(\d{1,3}(?:\s*[,，]\s*\d{1,3})*)\]/g)) {
    for (const number of match[1]!.split(/[,，]/)) cited.add(Number(number.trim()));
  }
  return sources.filter((source) => cited.has(source.n));
}

/**
 * Every source a reply consulted, shown under it even when its text cites none: the cited ones
 * first (in number order), then one passage of each other document, in the order they were given.
 */
export function consultedSources(
  content: string,
  sources: readonly KnowledgeSource[],
): (KnowledgeSource & { cited: boolean })[] {
  const cited = citationsOf(content, sources);
  const shown = new Set(cited.map((source) => source.n));
  const documents = new Set(cited.map((source) => source.doc_id));
  const consulted = sources.filter((source) => {
    if (shown.has(source.n) || documents.has(source.doc_id)) return false;
    documents.add(source.doc_id);
    return true;
  });
  return [
    ...cited.map((source) => ({ ...source, cited: true })),
    ...consulted.map((source) => ({ ...source, cited: false })),
  ];
}
