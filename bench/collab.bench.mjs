// Figures of the collaboration websocket (Hocuspocus on the real server: buildApp, PGlite, every route)
// running in its own process: 20 editors of one document, how long one editor's edit takes to reach
// all the others (p50, p99); and two editors that each make 500 edits offline, how long after they
// come back until both hold all 1,000 (and the server stored them). Clients are real
// HocuspocusProviders in this process.
import { once } from 'node:events';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { bundleBenchServer, figure, forkBenchServer } from './support.mjs';

const EDITORS = 20;
const EDITS = Number(process.env.BENCH_COLLAB_EDITS ?? 300);
const OFFLINE_EDITS = 500;

/** The server's own modules plus an IPC hook that makes a document and tokens for its editors. */
const bundleServer = () =>
  bundleBenchServer(
    'collab-bench-server',
    `
        import { buildApp } from './src/app.ts';
        import { loadConfig } from './src/config.ts';
        import { openDatabase } from './src/db/client.ts';
        import { documents, documentStates, projects } from './src/db/schema.ts';
        import { createAccount } from './src/modules/user/accounts.ts';
        import { createCollabTokens } from './src/modules/document/collab-tokens.ts';
        import { teamMembers } from './src/db/schema.ts';
        import { eq } from 'drizzle-orm';
        const config = loadConfig();
        const database = openDatabase({ kind: 'pglite', dataDir: config.dataDir });
        await database.migrate();
        const app = await buildApp({ config, database });
        await app.listen({ host: config.host, port: config.port });
        const { db } = database;
        const tokens = createCollabTokens(config.realtime.secret);
        let sequence = 0;
        process.on('message', async (message) => {
          if (message.stored !== undefined) {
            const [row] = await db.select().from(documentStates).where(eq(documentStates.documentId, message.stored));
            process.send({ state: row ? Buffer.from(row.state).toString('base64') : null });
            return;
          }
          const userId = await createAccount(db, { userName: 'bench' + sequence, email: 'bench' + sequence++ + '@example.com', passwordHash: 'x', teamName: 'Bench' });
          const [member] = await db.select().from(teamMembers).where(eq(teamMembers.userId, userId));
          const [project] = await db.insert(projects).values({ uniqCode: 'p' + sequence, teamId: member.teamId, ownerId: userId, name: 'Bench', cover: 'gallery:colour/1' }).returning();
          const [doc] = await db.insert(documents).values({ uniqCode: 'd' + sequence, projectId: project.id, kind: 'doc', name: '' }).returning();
          const token = await tokens.sign({ documentId: doc.id, userId, canEdit: true, shareCode: null }, 3600);
          process.send({ documentId: doc.id, token });
        });
        process.send({ ready: true });
      `,
  );

async function startServer(entry) {
  const { child, port } = await forkBenchServer(entry);
  const ask = async (question) => {
    child.send(question);
    const [answer] = await once(child, 'message');
    return answer;
  };
  return { child, url: `ws://127.0.0.1:${port}/collaboration`, ask };
}

async function openEditor(url, documentId, token) {
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: WebSocket });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: String(documentId),
    document: doc,
    token,
  });
  provider.attach();
  await new Promise((resolve) => provider.on('synced', resolve));
  return { doc, socket, provider, fragment: doc.getXmlFragment('default') };
}

function appendParagraph(doc, text) {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  const fragment = doc.getXmlFragment('default');
  fragment.insert(fragment.length, [paragraph]);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const serverEntry = await bundleServer();
const server = await startServer(serverEntry);
try {
  // 20 editors of one document: editor i % 20 appends a paragraph; the time until each of the other 19 holds it.
  const shared = await server.ask({ document: true });
  const editors = await Promise.all(
    Array.from({ length: EDITORS }, () => openEditor(server.url, shared.documentId, shared.token)),
  );
  const delays = [];
  for (let edit = 0; edit < EDITS; edit++) {
    const writer = editors[edit % EDITORS];
    const others = editors.filter((editor) => editor !== writer);
    const startedAt = performance.now();
    const arrivals = others.map(
      (editor) =>
        new Promise((resolve) => {
          const check = () => {
            if (editor.fragment.length <= edit) return;
            editor.doc.off('update', check);
            delays.push(performance.now() - startedAt);
            resolve();
          };
          editor.doc.on('update', check);
        }),
    );
    appendParagraph(writer.doc, `edit ${edit}`);
    await Promise.all(arrivals);
  }
  delays.sort((a, b) => a - b);
  figure('collab_edit_to_19_others_p50', percentile(delays, 50), 'ms');
  figure('collab_edit_to_19_others_p99', percentile(delays, 99), 'ms');
  for (const editor of editors) {
    editor.provider.destroy();
    editor.socket.destroy();
  }

  // Two editors offline, 500 edits each, then back: time until both hold all 1,000 and the server stored them.
  const offline = await server.ask({ document: true });
  const pair = await Promise.all([0, 1].map(() => openEditor(server.url, offline.documentId, offline.token)));
  // connect() right after disconnect() is ignored while the socket is still closing: wait for it to close.
  const closed = pair.map((editor) => new Promise((resolve) => editor.socket.on('disconnect', resolve)));
  for (const editor of pair) editor.socket.disconnect();
  await Promise.all(closed);
  pair.forEach((editor, side) => {
    for (let edit = 0; edit < OFFLINE_EDITS; edit++) appendParagraph(editor.doc, `side ${side} edit ${edit}`);
  });
  const total = 2 * OFFLINE_EDITS;
  const startedAt = performance.now();
  const converged = pair.map(
    (editor) =>
      new Promise((resolve) => {
        const check = () => {
          if (editor.fragment.length < total) return;
          editor.doc.off('update', check);
          resolve(performance.now() - startedAt);
        };
        editor.doc.on('update', check);
      }),
  );
  const connected = pair.map(
    (editor) =>
      new Promise((resolve) => editor.provider.on('synced', () => resolve(performance.now() - startedAt))),
  );
  for (const editor of pair) editor.socket.connect();
  figure('collab_offline_reconnect_synced_ms', Math.max(...(await Promise.all(connected))), 'ms');
  const times = await Promise.all(converged);
  figure('collab_offline_merge_ms', Math.max(...times), 'ms');
  const texts = pair.map((editor) => editor.fragment.toArray().map((node) => node.toString()));
  const lost = total - new Set(texts[0]).size;
  figure('collab_offline_merge_edits_on_each', Math.min(...texts.map((t) => new Set(t).size)), 'edits');
  figure(
    'collab_offline_merge_identical',
    JSON.stringify(texts[0]) === JSON.stringify(texts[1]) ? 'yes' : 'no',
    '',
  );
  for (const editor of pair) {
    editor.provider.destroy();
    editor.socket.destroy();
  }
  // The last editor leaving stores the document at once.
  let storedEdits = 0;
  for (let attempt = 0; attempt < 100 && storedEdits < total; attempt++) {
    const { state } = await server.ask({ stored: offline.documentId });
    if (state) {
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Buffer.from(state, 'base64'));
      storedEdits = copy.getXmlFragment('default').length;
    }
    if (storedEdits < total) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  figure('collab_offline_merge_stored_edits', storedEdits, 'edits');
  if (lost !== 0) throw new Error(`${lost} edits lost`);
} finally {
  server.child.kill();
}
process.exit(0);
