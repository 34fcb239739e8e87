import * as Y from 'yjs';
import { docToJson } from '../document/tasks.ts';
import { type Chunk, chunkDocument, chunkPages } from './chunking.ts';
import type { PageText } from './content-blocks.ts';

/** Knowledge work run in the worker pool: a document's state or a PDF's pages as search chunks. */
export const knowledgeTasks = {
  'knowledge.chunkPages': ({ pages }: { pages: PageText[] }): Chunk[] => chunkPages(pages),

  'knowledge.chunkState': ({ state }: { state: Uint8Array }): Chunk[] | null => {
    try {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, state);
      return chunkDocument(docToJson(doc));
    } catch {
      return null;
    }
  },
};
