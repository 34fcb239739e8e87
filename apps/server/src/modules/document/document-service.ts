import type { DocData } from '@tandem/contract/project';
import { and, eq } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '../../db/client.ts';
import { documents, projects, teamMembers, users } from '../../db/schema.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { runHeavy } from '../../platform/workers/index.ts';
import { documentAccess, mayDo, type ProjectGrant } from '../project/index.ts';
import { maskedPerson, personColumns } from '../team/index.ts';
import type { CollabServer } from './collab-server.ts';
import { collabDocumentName } from './collab-tokens.ts';
import { loadDocumentState, storedVersion } from './document-state.ts';
import { renderedContent } from './rendered-content.ts';

export type DocumentRow = typeof documents.$inferSelect;

/**
 * The document (or group) `id` the user may read, with their access. Someone who cannot see its
 * project learns nothing of it: 404, as for a missing one (docs/decisions.md, the project matrix).
 */
export async function readableDocument(db: Db, userId: number, id: number) {
  const access = await documentAccess(db, userId, id);
  if (!access) throw new AppError('DOCUMENT_NOT_FOUND');
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
  return { row, access };
}

export const canEdit = (access: ProjectGrant) => mayDo(access.role, 'edit');

/**
 * The caller's user id where a share link is the other way in: a visitor whose link is wrong or
 * revoked sees "no permission" (they have nothing to sign in for); without a link, 401.
 */
export async function callerOrRefuse(
  caller: () => Promise<number | undefined>,
  shareCode: string | undefined,
) {
  const userId = await caller();
  if (userId !== undefined) return userId;
  throw new AppError(shareCode === undefined ? 'LOGIN_INVALID' : 'DOCUMENT_NO_PERMISSION');
}

export async function editableDocument(db: Db, userId: number, id: number) {
  const found = await readableDocument(db, userId, id);
  if (!canEdit(found.access)) throw new AppError('FORBIDDEN');
  return found;
}

/**
 * `get-doc`: a document's content as HTML and Markdown (unless `withContent` is false), from its live
 * copy or stored state. A share
 * code that matches opens that one document read-only to anyone; otherwise `userId` must have access.
 */
export async function getDoc(
  deps: { db: Db; collab: CollabServer },
  query: { uniqCode: string; shareCode?: string; withContent: boolean },
  caller: () => Promise<number | undefined>,
): Promise<DocData> {
  const [found] = await deps.db
    .select({
      document: documents,
      projectUniqCode: projects.uniqCode,
      projectName: projects.name,
      teamId: projects.teamId,
    })
    .from(documents)
    .innerJoin(projects, eq(projects.id, documents.projectId))
    .where(and(eq(documents.uniqCode, query.uniqCode), eq(documents.kind, 'doc')))
    .limit(1);
  if (!found) throw new AppError('DOCUMENT_NOT_FOUND');
  const { document } = found;
  const isShared = query.shareCode !== undefined && document.shareCode === query.shareCode;
  let isEditor = false;
  let yourName = '';
  if (!isShared) {
    const userId = await callerOrRefuse(caller, query.shareCode);
    const { access } = await readableDocument(deps.db, userId, document.id);
    isEditor = canEdit(access);
    yourName = await nameInTeam(deps.db, userId, access.teamId);
  }
  const { html, markdown } = query.withContent
    ? await renderedContent(found.teamId, document.id, await renderSource(deps, document.id))
    : { html: '', markdown: '' };
  return {
    id: document.id,
    uniq_code: document.uniqCode,
    project_id: document.projectId,
    project_uniq_code: found.projectUniqCode,
    project_name: found.projectName,
    name: document.name,
    html,
    markdown,
    updated_at: document.updatedAt.toISOString(),
    can_edit: isEditor,
    share_code: isShared ? (query.shareCode ?? null) : document.shareCode,
    your_name: yourName,
  };
}

/**
 * The name a member has in a team, as the team's lists show it (contacts masked): what the others in a
 * document see beside the member's cursor. Never an address in full, as share-link readers see it too.
 */
async function nameInTeam(db: Db, userId: number, teamId: number) {
  const [row] = await db
    .select(personColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  return row ? maskedPerson(row).name : '';
}

/**
 * A document's content without building it on the event loop: the live copy when this process holds
 * one, else its stored state's bytes.
 */
async function contentOf(deps: { db: Db; collab: CollabServer }, documentId: number) {
  return (
    deps.collab.hocuspocus.documents.get(collabDocumentName(documentId)) ??
    (await loadDocumentState(deps.db, documentId))
  );
}

/**
 * What `get-doc` renders: the live copy when this process holds one, else the stored content named by
 * its version, one small read, so a read of an unchanged document neither loads its state nor replays
 * its update log. The version is read before the state: what gets rendered is never older than it.
 */
async function renderSource(deps: { db: Db; collab: CollabServer }, documentId: number) {
  const live = deps.collab.hocuspocus.documents.get(collabDocumentName(documentId));
  if (live) return live;
  return {
    version: await storedVersion(deps.db, documentId),
    load: () => loadDocumentState(deps.db, documentId),
  };
}

/** A document's current state as bytes (an empty document's when it has none), for the worker pool. */
export async function stateOf(deps: { db: Db; collab: CollabServer }, documentId: number) {
  const source = await contentOf(deps, documentId);
  if (source === undefined) return new Uint8Array([0, 0]);
  return source instanceof Uint8Array ? source : Y.encodeStateAsUpdate(source);
}

/**
 * `save-online-doc`: the whole content replaced in the live document, so open editors see it at once.
 * The content is parsed, and the update that replaces the document's content made, in the worker pool;
 * a content that would take the document past `DOCUMENT_MAX_BYTES` is refused (2240).
 */
export async function saveOnlineDoc(
  deps: { db: Db; collab: CollabServer },
  userId: number,
  body: { doc_id: number; format: 'html' | 'markdown'; content: string },
) {
  const { row, access } = await editableDocument(deps.db, userId, body.doc_id);
  if (row.kind !== 'doc') throw new AppError('DOCUMENT_NOT_FOUND');
  const { update } = await runHeavy(access.teamId, 'document.replace', {
    state: await stateOf(deps, row.id),
    format: body.format,
    content: body.content,
  });
  // Whatever changed meanwhile stays: the update deletes only the content it was made from.
  await deps.collab.change(row.id, userId, (doc) => Y.applyUpdate(doc, update));
}

/** `get-collab-token`: for a member with access, or read-only for anyone holding the share link. */
export async function collabToken(
  deps: { db: Db; collab: CollabServer },
  body: { doc_id: number; share_code?: string },
  caller: () => Promise<number | undefined>,
  /** The caller's session once `caller` has answered: its end closes the connection. */
  sessionId: () => number | null = () => null,
) {
  const [row] = await deps.db.select().from(documents).where(eq(documents.id, body.doc_id)).limit(1);
  if (row?.kind !== 'doc') throw new AppError('DOCUMENT_NOT_FOUND');
  const { tokens } = deps.collab;
  if (body.share_code !== undefined && row.shareCode === body.share_code) {
    const token = await tokens.sign({
      documentId: row.id,
      userId: null,
      canEdit: false,
      shareCode: row.shareCode,
    });
    return {
      token,
      expires_in: tokens.ttlSeconds,
      can_edit: false,
      document_name: collabDocumentName(row.id),
    };
  }
  const userId = await callerOrRefuse(caller, body.share_code);
  const { access } = await readableDocument(deps.db, userId, row.id);
  const isEditor = canEdit(access);
  const token = await tokens.sign({
    documentId: row.id,
    userId,
    canEdit: isEditor,
    shareCode: null,
    sessionId: sessionId(),
    name: (await nameInTeam(deps.db, userId, access.teamId)) || undefined,
  });
  return {
    token,
    expires_in: tokens.ttlSeconds,
    can_edit: isEditor,
    document_name: collabDocumentName(row.id),
  };
}
