import type { JSONContent } from '@tiptap/core';
import { type Block, blocksOfDocument, blocksOfPages, type PageText } from './content-blocks.ts';

/**
 * A piece of a document for search and retrieval: its place in the document, the path of headings
 * above it ("Plan > Steps"; empty before the first heading), its text and its PDF page (null for an
 * editor document).
 */
export type Chunk = { ordinal: number; heading: string; text: string; page: number | null };

/** Chunks hold up to this many characters: a few paragraphs, enough context for an answer. */
export const CHUNK_MAX_CHARS = 800;
/** A paragraph too long for one chunk is cut with this much of each piece repeated in the next. */
export const CHUNK_OVERLAP_CHARS = 100;

/**
 * Where a text too long for one chunk is cut, coarsest first (as langchain's recursive splitter, with
 * CJK sentence ends): paragraphs, lines, sentences (。！？． and . ! ? before a space), clauses, words.
 * Each cuts after its separator, so the pieces join back into the text.
 */
const SEPARATORS = [
  /(?<=\n\n)/,
  /(?<=\n)/,
  /(?<=[。！？．][”’」』）]*)(?=[^”’」』）])|(?<=[.!?]["'”’)\]]*\s)(?=\S)/,
  /(?<=[；，、;,:：]\s*)(?=\S)/,
  /(?<=\s)(?=\S)/,
];

/** `text` in pieces of at most `max` characters, each cut at the coarsest separator that fits. */
function atoms(text: string, max: number, level = 0): string[] {
  if (text.length <= max) return [text];
  const separator = SEPARATORS[level];
  if (!separator) {
    const letters = Array.from(text);
    const pieces: string[] = [];
    for (let i = 0; i < letters.length; i += max) pieces.push(letters.slice(i, i + max).join(''));
    return pieces;
  }
  return text.split(separator).flatMap((piece) => atoms(piece, max, level + 1));
}

/** Pieces joined greedily up to `max`, each new chunk starting with up to `overlap` of the last one. */
function pack(pieces: readonly string[], max: number, overlap: number, joiner = ''): string[] {
  const chunks: string[] = [];
  const window: string[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (window.length > 0 && size + joiner.length + piece.length > max) {
      chunks.push(window.join(joiner));
      while (window.length > 0 && (size > overlap || size + joiner.length + piece.length > max)) {
        size -= (window.shift() as string).length + (window.length > 0 ? joiner.length : 0);
      }
    }
    size += piece.length + (window.length > 0 ? joiner.length : 0);
    window.push(piece);
  }
  if (window.length > 0) chunks.push(window.join(joiner));
  return chunks;
}

/** A block's text in chunk-sized pieces; a long table repeats its header row in each piece. */
function piecesOf(block: Block & { kind: 'text' | 'table' | 'code' }): string[] {
  if (block.text.length <= CHUNK_MAX_CHARS) return [block.text];
  if (block.kind === 'table') {
    const [header = '', ...rows] = block.text.split('\n');
    const room = Math.max(CHUNK_MAX_CHARS - header.length - 1, CHUNK_MAX_CHARS / 2);
    const parts = pack(
      rows.flatMap((row) => atoms(row, room)),
      room,
      0,
      '\n',
    );
    return parts.map((part) => `${header}\n${part}`);
  }
  return pack(atoms(block.text, CHUNK_MAX_CHARS), CHUNK_MAX_CHARS, CHUNK_OVERLAP_CHARS);
}

/**
 * Cuts blocks into chunks: a chunk never spans two sections (a heading starts a new one) or two
 * pages; within a section, blocks are packed together up to the size, a block too long is cut at
 * paragraph, line, sentence, clause or word boundaries with a small overlap.
 */
export function chunkBlocks(blocks: readonly Block[]): Chunk[] {
  const chunks: Chunk[] = [];
  const path: { level: number; text: string }[] = [];
  let units: string[] = [];
  let unitsPage: number | null = null;
  /** The last heading has no text under it yet (a section of a title only is still findable). */
  let isHeadingPending = false;

  const heading = () =>
    path
      .map((entry) => entry.text)
      .filter(Boolean)
      .join(' > ');
  const add = (text: string, page: number | null) => {
    const trimmed = text.trim();
    if (trimmed) chunks.push({ ordinal: chunks.length, heading: heading(), text: trimmed, page });
  };
  const flush = () => {
    for (const text of pack(units, CHUNK_MAX_CHARS, 0, '\n')) add(text, unitsPage);
    units = [];
  };
  const closeSection = (nextLevel: number) => {
    flush();
    const last = path.at(-1);
    if (isHeadingPending && last?.text && nextLevel <= last.level) add(last.text, null);
    isHeadingPending = false;
  };

  for (const block of blocks) {
    if (block.kind === 'heading') {
      closeSection(block.level);
      while ((path.at(-1)?.level ?? 0) >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      isHeadingPending = true;
      continue;
    }
    if (units.length > 0 && block.page !== unitsPage) flush();
    unitsPage = block.page;
    isHeadingPending = false;
    units.push(...piecesOf(block));
  }
  closeSection(0);
  return chunks;
}

/** The chunks of an editor document (its ProseMirror JSON). */
export const chunkDocument = (json: JSONContent) => chunkBlocks(blocksOfDocument(json));

/** The chunks of paged text (a PDF's pages later): each chunk carries its page. */
export const chunkPages = (pages: readonly PageText[]) => chunkBlocks(blocksOfPages(pages));
