import * as Y from 'yjs';
import { docToJson } from '../document/document-content.ts';
import { type Chunk, chunkDocument } from './chunking.ts';

/** Knowledge work run in the worker pool: a document's state as search chunks (null if unreadable). */
export const knowledgeTasks = {
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
