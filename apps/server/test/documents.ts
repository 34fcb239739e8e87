import { randomBytes } from 'node:crypto';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { documents, projectMembers, projects, teamMembers, users } from '../src/db/schema.ts';
import { bearer, createUser } from './factories.ts';

/** A registered user with their personal team (they own it), as the calls see them. */
export async function createMember(app: App, db: Db) {
  const user = await createUser(app);
  const [row] = await db
    .select({ id: users.id, teamId: users.currentTeamId })
    .from(users)
    .where(eq(users.email, user.email));
  return { ...user, id: row!.id, teamId: row!.teamId!, headers: bearer(user.token) };
}

/** Puts `userId` in `teamId` as a plain member and makes it their current team. */
export async function joinTeam(db: Db, teamId: number, userId: number) {
  await db.insert(teamMembers).values({ teamId, userId });
  await db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, userId));
}

const code = () => randomBytes(9).toString('base64url');

export async function createProject(
  db: Db,
  owner: { id: number; teamId: number },
  options: { access?: 'team_public' | 'team_private'; teamPermission?: 'editor' | 'viewer' } = {},
) {
  const [project] = await db
    .insert(projects)
    .values({
      uniqCode: code(),
      teamId: owner.teamId,
      ownerId: owner.id,
      name: `Project ${code()}`,
      cover: 'gallery:colour/1',
      access: options.access ?? 'team_private',
      teamPermission: options.teamPermission ?? 'editor',
    })
    .returning();
  return project!;
}

export async function addProjectMember(
  db: Db,
  projectId: number,
  userId: number,
  permission: 'admin' | 'editor' | 'viewer',
) {
  await db.insert(projectMembers).values({ projectId, userId, permission });
}

export async function createDocument(
  db: Db,
  projectId: number,
  options: {
    name?: string;
    kind?: 'doc' | 'group';
    parentId?: number | null;
    shareCode?: string | null;
  } = {},
) {
  const [document] = await db
    .insert(documents)
    .values({
      uniqCode: code(),
      projectId,
      kind: options.kind ?? 'doc',
      name: options.name ?? '',
      parentId: options.parentId ?? null,
      shareCode: options.shareCode ?? null,
    })
    .returning();
  return document!;
}

/** The websocket address of a listening app's collaboration endpoint. */
export function collaborationUrl(app: App) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}/collaboration`;
}

/**
 * For a test file of collaboration clients: the app listens before its tests, and `open` connects a
 * client to it (as `openCollabClient`), every client opened destroyed after the file's tests.
 */
export function useCollabClients(context: { app: App }) {
  const clients: CollabClient[] = [];
  let url: string;
  beforeAll(async () => {
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    url = collaborationUrl(context.app);
  });
  afterAll(() => {
    for (const client of clients) client.destroy();
  });
  return (name: string, token: string) => {
    const client = openCollabClient(url, name, token);
    clients.push(client);
    return client;
  };
}

export type CollabClient = {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  /** Settles once the server has accepted (true) or refused (false) the token. */
  authenticated: Promise<boolean>;
  synced: Promise<void>;
  destroy(): void;
};

/** A HocuspocusProvider in Node, as the browser editor opens a document. */
export function openCollabClient(
  url: string,
  name: string,
  token: string | (() => Promise<string>),
  doc = new Y.Doc(),
): CollabClient {
  const socket = new HocuspocusProviderWebsocket({
    url,
    WebSocketPolyfill: WebSocket,
    delay: 50,
    minDelay: 50,
    maxDelay: 500,
  });
  let settle: (value: boolean) => void = () => {};
  const authenticated = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  let markSynced: () => void = () => {};
  const synced = new Promise<void>((resolve) => {
    markSynced = resolve;
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name,
    document: doc,
    token,
    onAuthenticated: () => settle(true),
    onAuthenticationFailed: () => settle(false),
    onSynced: () => markSynced(),
  });
  provider.attach();
  return {
    doc,
    provider,
    socket,
    authenticated,
    synced,
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Waits until `check` holds, re-checking on every change of `doc` (no fixed sleeps). */
export function whenDoc(doc: Y.Doc, check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      doc.off('update', listener);
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const listener = () => {
      if (!check()) return;
      clearTimeout(timer);
      doc.off('update', listener);
      resolve();
    };
    doc.on('update', listener);
  });
}

/** The text of a Yjs document's editor content, paragraphs joined by newlines. */
export const textOf = (doc: Y.Doc) =>
  doc
    .getXmlFragment('default')
    .toArray()
    .map((node) =>
      node instanceof Y.XmlElement
        ? node
            .toArray()
            .map((child) => child.toString().replace(/<[^>]+>/g, ''))
            .join('')
        : '',
    )
    .join('\n');

/** Appends a paragraph with `text`, as typing a new line in the editor does. */
export function appendParagraph(doc: Y.Doc, text: string) {
  doc.transact(() => {
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [new Y.XmlText(text)]);
    const fragment = doc.getXmlFragment('default');
    fragment.insert(fragment.length, [paragraph]);
  });
}
