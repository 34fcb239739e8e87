import type { Document } from '@hocuspocus/server';
import { DOCUMENT_MAX_BYTES } from '@tandem/contract/project-rules';
import * as Y from 'yjs';
import type { Db } from '../../db/client.ts';
import { teamQuotas } from '../billing/plan-quotas.ts';
import { teamStorageUsed } from '../project/storage.ts';
import { checkUpdate } from './collab-update-check.ts';
import { createUpdateLog } from './collab-update-log.ts';

/**
 * Why an editor's update was refused, as the connection is closed with it: the editor shows the
 * message of the error named by `reason` (the ERRORS key of 2250, 2317, 2240).
 */
export const REFUSALS = {
  invalid: { code: 4400, reason: 'document_content_invalid' },
  storageFull: { code: 4402, reason: 'storage_quota_exceeded' },
  tooLarge: { code: 4413, reason: 'document_too_large' },
} as const;
export type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS];

/** A team's room left is read again after this long (uploads and other nodes fill it too). */
const ROOM_CHECK_MS = 5000;
/** An empty Yjs update: no structs, no deletions. */
const EMPTY_UPDATE_BYTES = 2;

/**
 * What an editor's update must pass before it is applied and acknowledged: the document schema, the
 * document size limit and the team's storage quota (updates that only delete pass the last two).
 * An update that passes is written to the update log first, so an acknowledged edit is a stored one.
 */
export function createCollabWrites(db: Db) {
  const updateLog = createUpdateLog(db);
  /** Each live document's size: exact when loaded or stored, plus the updates accepted since. */
  const sizes = new WeakMap<Document, number>();
  const rooms = new Map<number, { bytes: number; checkedAt: number }>();

  async function roomOf(teamId: number) {
    const known = rooms.get(teamId);
    if (known && Date.now() - known.checkedAt < ROOM_CHECK_MS) return known;
    const [{ storageBytes }, used] = await Promise.all([teamQuotas(db, teamId), teamStorageUsed(db, teamId)]);
    const room = { bytes: storageBytes - used, checkedAt: Date.now() };
    rooms.set(teamId, room);
    return room;
  }

  return {
    noteSize(document: Document, bytes: number) {
      sizes.set(document, bytes);
    },

    /**
     * Checks an editor's update (a sync step 2 or an update message) and logs it; answers the refusal
     * when it may not be applied. A sync step 2 holding nothing new (a reconnecting editor's) passes
     * without being logged again.
     */
    async accept(
      document: Document,
      target: { documentId: number; teamId: number },
      update: Uint8Array,
      isSyncStep2: boolean,
    ): Promise<Refusal | undefined> {
      if (update.byteLength <= EMPTY_UPDATE_BYTES) return undefined;
      if (isSyncStep2 && Y.snapshotContainsUpdate(Y.snapshot(document), update)) return undefined;
      const check = checkUpdate(update);
      if (!check.isEditorUpdate) return REFUSALS.invalid;
      if (check.addsContent) {
        let size = sizes.get(document) ?? 0;
        if (size + update.byteLength > DOCUMENT_MAX_BYTES) {
          size = Y.encodeStateAsUpdate(document).byteLength;
          sizes.set(document, size);
        }
        if (size + update.byteLength > DOCUMENT_MAX_BYTES) return REFUSALS.tooLarge;
        const room = await roomOf(target.teamId);
        if (room.bytes < update.byteLength) return REFUSALS.storageFull;
        room.bytes -= update.byteLength;
      }
      await updateLog.append(target.documentId, update);
      sizes.set(document, (sizes.get(document) ?? 0) + update.byteLength);
      return undefined;
    },
  };
}
