import type { CollabServer } from './collab-server.ts';

/** The collaboration servers of this process: one an app (tests build several apps in one process). */
const servers = new Set<CollabServer>();

export function registerCollabServer(server: CollabServer) {
  servers.add(server);
  return () => servers.delete(server);
}

/**
 * Closes the open editors of deleted documents on every server process and drops their live copies
 * unsaved. Call it after the transaction that deleted them has committed (a project's deletion
 * passes all its documents); the browser shows the message of the `SA:document_deleted` or
 * `SA:knowledge_deleted` notification.
 */
export async function closeLiveDocuments(documentIds: number[]): Promise<void> {
  if (documentIds.length === 0) return;
  const [any] = servers;
  for (const server of servers) server.closeLocal(documentIds);
  // Every process's bus reaches all the others: one publication is enough.
  await any?.publishClose(documentIds);
}
