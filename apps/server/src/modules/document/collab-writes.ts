import type { Document } from '@hocuspocus/server';
import { DOCUMENT_MAX_BYTES } from '@tandem/contract/project-rules';
import * as Y from 'yjs';
import type { Db } from '../../db/client.ts';
import { teamQuotas, teamStorageUsed } from '../quotas/index.ts';
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
 * What an editor's update must pass before it is applied: the document schema, the document size
 * limit and the team's storage quota (updates that only delete pass the last two). An update that
 * passes is written to the update log, and acknowledged only once written: an acknowledged edit is a
 * stored one.
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
     * Checks an editor's update (a sync step 2 or an update message) and starts writing it to the log:
     * answers the refusal when it may not be applied, else the write (undefined when there is nothing
     * new to write: a reconnecting editor's sync step 2 of what the server has). The caller applies
     * the update at once, so the others see it without waiting, and acknowledges it once written.
     */
    async accept(
      document: Document,
      target: { documentId: number; teamId: number },
      update: Uint8Array,
      isSyncStep2: boolean,
    ): Promise<{ refusal: Refusal } | { written: Promise<void> | undefined }> {
      if (update.byteLength <= EMPTY_UPDATE_BYTES) return { written: undefined };
      if (isSyncStep2 && Y.snapshotContainsUpdate(Y.snapshot(document), update))
        return { written: undefined };
      const check = checkUpdate(update);
      if (!check.isEditorUpdate) return { refusal: REFUSALS.invalid };
      if (check.addsContent) {
        let size = sizes.get(document) ?? 0;
        if (size + update.byteLength > DOCUMENT_MAX_BYTES) {
          size = Y.encodeStateAsUpdate(document).byteLength;
          sizes.set(document, size);
        }
        if (size + update.byteLength > DOCUMENT_MAX_BYTES) return { refusal: REFUSALS.tooLarge };
        const room = await roomOf(target.teamId);
        if (room.bytes < update.byteLength) return { refusal: REFUSALS.storageFull };
        room.bytes -= update.byteLength;
      }
      sizes.set(document, (sizes.get(document) ?? 0) + update.byteLength);
      return { written: updateLog.append(target.documentId, update) };
    },
  };
}

/** Hocuspocus's SyncStatus message: `<address as a varString> 8 <saved>`. */
const SYNC_STATUS = 8;

/** A lib0 varUint at `offset`: its value and the offset after it. */
function readVarUint(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (let at = offset; at < bytes.length && shift < 35; at++) {
    const byte = bytes[at]!;
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at + 1];
    shift += 7;
  }
  return [-1, bytes.length];
}

/** Whether an outgoing message is an acknowledgement (SyncStatus) of an editor's update. */
export function isAcknowledgement(message: Uint8Array) {
  const [addressLength, afterLength] = readVarUint(message, 0);
  if (addressLength < 0) return false;
  return readVarUint(message, afterLength + addressLength)[0] === SYNC_STATUS;
}
