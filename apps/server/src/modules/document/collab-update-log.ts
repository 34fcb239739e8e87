import type { Db } from '../../db/client.ts';
import { documentUpdateLog } from '../../db/schema.ts';

type Pending = { documentId: number; update: Uint8Array; done: () => void; failed: (error: unknown) => void };

/** Rows per insert: a burst of typing from many editors goes out in few statements. */
const ROWS_PER_INSERT = 500;

/**
 * Writes editors' updates to `document_update_log` before they are acknowledged. Updates that arrive
 * while an insert is on its way wait and go together in the next one, so twenty editors typing cost a
 * statement per round trip rather than one per keystroke.
 */
export function createUpdateLog(db: Db) {
  let queue: Pending[] = [];
  let isWriting = false;

  async function drain() {
    isWriting = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, ROWS_PER_INSERT);
      queue = queue.slice(batch.length);
      try {
        await db
          .insert(documentUpdateLog)
          .values(batch.map(({ documentId, update }) => ({ documentId, update })));
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    isWriting = false;
  }

  return {
    /** Settles once the update is in the database; rejects when it could not be written. */
    append(documentId: number, update: Uint8Array): Promise<void> {
      return new Promise((done, failed) => {
        queue.push({ documentId, update, done, failed });
        if (!isWriting) void drain();
      });
    },
  };
}

export type UpdateLog = ReturnType<typeof createUpdateLog>;
