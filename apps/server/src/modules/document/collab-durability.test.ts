// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KNOWLEDGE_API, PROJECT_API } from '@tandem/contract/api';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../../../test/child-server.ts';
import {
  appendParagraph,
  type CollabClient,
  openCollabClient,
  textOf,
  whenDoc,
} from '../../../test/documents.ts';
import { bearer, createUser } from '../../../test/factories.ts';

/**
 * The server killed at once (kill -9) right after acknowledging edits: started again on the same
 * data, it has every edit it acknowledged, though none had been stored as the document's state yet.
 */
describe('acknowledged edits survive kill -9', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tandem-durability-'));
  const env = {
    DATA_DIR: dataDir,
    REALTIME_SECRET: 'collab-durability-secret-0123456789-abcdef',
    SECRETS_KEY: 'collab-durability-secrets-key-0123456789-abc',
  };
  const servers: ChildServer[] = [];
  const clients: CollabClient[] = [];

  afterAll(async () => {
    for (const client of clients) client.destroy();
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startChildServer(env);
    servers.push(server);
    return server;
  };

  async function call(server: ChildServer, url: string, headers: Record<string, string>, payload: object) {
    const response = await server.app.inject({ method: 'POST', url, headers, payload });
    expect(response.json().code).toBe(0);
    return response.json().data;
  }

  const open = async (server: ChildServer, headers: Record<string, string>, documentId: number) => {
    const { token } = await call(server, KNOWLEDGE_API.collabToken, headers, { doc_id: documentId });
    const client = openCollabClient(
      `${server.url.replace('http', 'ws')}/collaboration`,
      String(documentId),
      token,
    );
    clients.push(client);
    await client.synced;
    return client;
  };

  it('every line the server acknowledged is there after a kill -9 and a restart', async () => {
    const first = await start();
    const user = await createUser(first.app);
    const headers = bearer(user.token);
    const project = await call(first, PROJECT_API.create, headers, {
      name: 'Durable',
      cover: 'gallery:colour/1',
    });
    const document = await call(first, KNOWLEDGE_API.createDoc, headers, {
      project_id: project.id,
      parent_id: null,
      name: 'Notes',
      kind: 'doc',
    });
    const editor = await open(first, headers, document.id);
    const lines = Array.from({ length: 40 }, (_, line) => `acknowledged line ${line}`);
    for (const line of lines) appendParagraph(editor.doc, line);
    // Every change acknowledged (SyncStatus): the editor would show "saved".
    await new Promise<void>((resolve) => {
      const check = () => {
        if (editor.provider.unsyncedChanges === 0) resolve();
      };
      editor.provider.on('unsyncedChanges', check);
      check();
    });
    first.child.kill('SIGKILL');
    await first.exited;
    editor.destroy();

    const second = await start();
    const reader = await open(second, headers, document.id);
    await whenDoc(
      reader.doc,
      () => lines.every((line) => textOf(reader.doc).includes(line)),
      'every acknowledged line after the restart',
      10_000,
    );
    expect(
      textOf(reader.doc)
        .split('\n')
        .filter((line) => line.startsWith('acknowledged')),
    ).toEqual(lines);
  }, 240_000);
});
