import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SiteVersion } from '@tandem/contract/chat-sites';
import { ERRORS } from '@tandem/contract/errors';
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFakeModels } from '../../../test/agents.ts';
import { chatApi } from '../../../test/chat.ts';
import { eventually } from '../../../test/eventually.ts';
import { bearer } from '../../../test/factories.ts';
import { FIXED_PAGE_TEXT } from '../../../test/fake-llm/script.ts';
import { childrenRunning, watchNewProcesses } from '../../../test/processes.ts';
import { conversationRealtimeClient } from '../../../test/realtime-clients.ts';
import { siteConversations } from '../../../test/sites.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { chatMessages, serverProcesses, siteVersions } from '../../db/schema.ts';
import type { ServerProcess } from '../../platform/cluster/server-process.ts';
import { createRealtime, type Realtime } from '../../platform/realtime/realtime.ts';
import { createLocalStorage } from '../../platform/storage/local-storage.ts';
import type { BuildResult } from './build-site.ts';
import { withPickScript } from './pick-script.ts';
import { createPreviewLinks } from './preview-links.ts';
import { previewFrameSource } from './preview-origin.ts';
import { createPreviewServer } from './preview-server.ts';
import { isRunning } from './process-tree.ts';
import { createSiteBuilder } from './site-builds.ts';
import { recordSiteVersion } from './site-versions.ts';

/** The app's realtime, made here so that the builders of these tests can publish to its tabs too. */
let appRealtime: Realtime;
const ctx = useTestApp({}, (config) => {
  appRealtime = createRealtime({ config: config.realtime, log: pino({ level: 'silent' }) });
  return { realtime: appRealtime };
});
const fakes = useFakeModels(ctx);
const { call, data, team, person, balanceOf, settledReply } = chatApi(ctx, fakes);
const { webBuilder, sendAndWait } = siteConversations(ctx, fakes);

const fence = '```';
const VERSIONS = '/api/chat/get-site-versions';
const FILES = '/api/chat/get-site-files';

const block = (path: string, ...lines: string[]) => [`${fence}tsx path=${path}`, ...lines, fence].join('\n');

const MAIN = block(
  'src/main.tsx',
  "import { createRoot } from 'react-dom/client';",
  "import App from './App';",
  "createRoot(document.getElementById('root')!).render(<App />);",
);
const app = (text: string) =>
  block('src/App.tsx', `export default function App() { return <h1>${text}</h1>; }`);

const versionsOf = async (token: string, conversationId: string) =>
  (await data('GET', `${VERSIONS}?conversation_id=${conversationId}`, token)) as {
    data: SiteVersion[];
    total: number;
  };

/**
 * The conversation's versions once none is building any more: as long as a person waits for a build,
 * its time limit with one before it in the queue.
 */
const builtVersions = (token: string, conversationId: string, count: number) =>
  eventually(async () => {
    const versions = await versionsOf(token, conversationId);
    expect(versions.total).toBe(count);
    expect(versions.data.map((version) => version.status)).not.toContain('building');
    return versions;
  }, 45_000);

const filesOf = async (token: string, conversationId: string, version: number) =>
  (await data('GET', `${FILES}?conversation_id=${conversationId}&version=${version}`, token)).files as {
    path: string;
    content: string;
  }[];

describe("a web builder's replies make numbered versions of the conversation's site", () => {
  it('builds the first version, then the next over it, keeping the files not written again', async () => {
    const { owner, agentId } = await webBuilder();
    const first = await sendAndWait(owner.token, {
      agent_id: agentId,
      content: `A page:\n${MAIN}\n${app('One')}`,
    });
    const conversationId = first.conversation_id;
    const once = await builtVersions(owner.token, conversationId, 1);
    expect(once.data[0]).toMatchObject({
      version: 1,
      status: 'ready',
      message_id: first.assistant_message_id,
      errors: [],
    });
    expect(once.data[0]!.preview_url).toMatch(/^http:\/\/localhost:3001\/p\/[\w-]+\.1\.\d+\.[\w-]+\/$/);

    const second = await sendAndWait(owner.token, {
      conversation_id: conversationId,
      content: `Changed:\n${app('Two')}`,
    });
    const twice = await builtVersions(owner.token, conversationId, 2);
    expect(twice.data.map((version) => [version.version, version.status, version.message_id])).toEqual([
      [2, 'ready', second.assistant_message_id],
      [1, 'ready', first.assistant_message_id],
    ]);
    const files = await filesOf(owner.token, conversationId, 2);
    expect(files.map((file) => file.path)).toEqual(['src/App.tsx', 'src/main.tsx']);
    expect(files[0]!.content).toContain('<h1>Two</h1>');
    expect((await filesOf(owner.token, conversationId, 1))[0]!.content).toContain('<h1>One</h1>');
    // The built page is kept for the preview origin.
    const [row] = await ctx.database.db
      .select({ output: siteVersions.output })
      .from(siteVersions)
      .where(and(eq(siteVersions.conversationId, conversationId), eq(siteVersions.version, 2)));
    expect(row!.output!.map((file) => file.path)).toEqual(['index.html', 'assets/entry-0.js']);
  });

  it('fails a version that does not build, with each error located, and no preview', async () => {
    const { owner, agentId } = await webBuilder();
    const broken = block('src/App.tsx', 'export default function App() {', '  return <h1>Hi</h1;', '}');
    const sent = await sendAndWait(owner.token, { agent_id: agentId, content: `Fixed:\n${MAIN}\n${broken}` });
    const versions = await builtVersions(owner.token, sent.conversation_id, 1);
    expect(versions.data[0]).toMatchObject({
      version: 1,
      status: 'fail',
      preview_url: null,
      errors: [{ file: 'src/App.tsx', line: 2, column: 20, text: expect.any(String) }],
    });
  });

  it('makes a version of the complete files of a reply cut by Stop', async () => {
    const { owner, agentId } = await webBuilder('slow');
    const long = block(
      'src/Long.tsx',
      'export const words = [',
      ...Array.from({ length: 40 }, (_, n) => `  "word${n}",`),
      '];',
    );
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: `Two files:\n${app('Cut')}\n${long}`,
    });
    // Stopped once the reply has written into the second file.
    await eventually(async () => {
      const [reply] = await ctx.database.db
        .select({ content: chatMessages.content })
        .from(chatMessages)
        .where(eq(chatMessages.id, sent.assistant_message_id));
      expect(reply!.content).toContain('word1');
    });
    await data('POST', '/api/chat/stop-message', owner.token, { conversation_id: sent.conversation_id });
    const versions = await builtVersions(owner.token, sent.conversation_id, 1);
    // App.tsx alone has no entry: the version is made, and fails saying so.
    expect(versions.data[0]).toMatchObject({ version: 1, status: 'fail', errors: [{ file: null }] });
    expect((await filesOf(owner.token, sent.conversation_id, 1)).map((file) => file.path)).toEqual([
      'src/App.tsx',
    ]);
  });

  it("teaches a web builder's model to write files as blocks naming their path, and no other agent's", async () => {
    const web = await webBuilder();
    const taught = await sendAndWait(web.owner.token, { agent_id: web.agentId, content: '/system' });
    const plain = await webBuilder('chat', false);
    const untaught = await sendAndWait(plain.owner.token, { agent_id: plain.agentId, content: '/system' });
    const replyOf = async (id: number) =>
      (
        await ctx.database.db
          .select({ content: chatMessages.content })
          .from(chatMessages)
          .where(eq(chatMessages.id, id))
      )[0]!.content;
    expect(await replyOf(taught.assistant_message_id)).toContain('path=src/App.tsx');
    // A picked element's block (element chat) asks to change that element and keep the rest.
    expect(await replyOf(taught.assistant_message_id)).toContain('keep the rest of the page as it is');
    expect(await replyOf(untaught.assistant_message_id)).not.toContain('path=');
  });

  it('offers a "Web page builder" template in every language, a web builder', async () => {
    const { owner } = await team();
    for (const locale of ['en-US', 'zh-CN', 'zh-TW', 'ja-JP']) {
      const answer = await call('GET', '/api/agent/get-agent-templates', owner.token, undefined, {
        cookie: `locale=${locale}`,
      });
      const template = answer.body.data.find((each: { id: string }) => each.id === 'web-page-builder');
      expect(template.config.web_build, locale).toBe(true);
    }
  });

  it('makes no version from an agent that is not a web builder, nor from a reply without files', async () => {
    const plain = await webBuilder('chat', false);
    const sent = await sendAndWait(plain.owner.token, {
      agent_id: plain.agentId,
      content: `A page:\n${MAIN}\n${app('No')}`,
    });
    expect(await versionsOf(plain.owner.token, sent.conversation_id)).toEqual({ data: [], total: 0 });
    const web = await webBuilder();
    const chat = await sendAndWait(web.owner.token, {
      agent_id: web.agentId,
      content: `Code:\n${fence}tsx\nno path\n${fence}`,
    });
    expect(await versionsOf(web.owner.token, chat.conversation_id)).toEqual({ data: [], total: 0 });
  });

  it("shows a conversation's versions and files to its owner only", async () => {
    const { owner, agentId } = await webBuilder();
    const sent = await sendAndWait(owner.token, {
      agent_id: agentId,
      content: `A page:\n${MAIN}\n${app('Mine')}`,
    });
    const conversationId = sent.conversation_id;
    await builtVersions(owner.token, conversationId, 1);
    const stranger = await person();
    for (const url of [
      `${VERSIONS}?conversation_id=${conversationId}`,
      `${FILES}?conversation_id=${conversationId}&version=1`,
    ]) {
      const answer = await call('GET', url, stranger.token);
      expect([answer.status, answer.body.code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
      expect((await call('GET', url)).status).toBe(401);
    }
    const zip = await ctx.app.inject({
      url: `/api/chat/download-site?conversation_id=${conversationId}&version=1`,
      headers: bearer(owner.token),
    });
    expect(zip.headers['content-disposition']).toBe('attachment; filename="site-v1.zip"');
    const unzipped = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(unzipped).sort()).toEqual(['src/App.tsx', 'src/main.tsx']);
    expect(strFromU8(unzipped['src/App.tsx']!)).toContain('<h1>Mine</h1>');
    const strangerZip = await call(
      'GET',
      `/api/chat/download-site?conversation_id=${conversationId}&version=1`,
      stranger.token,
    );
    expect(strangerZip.status).toBe(404);
    const missing = await call('GET', `${FILES}?conversation_id=${conversationId}&version=2`, owner.token);
    expect([missing.status, missing.body.code]).toEqual([404, ERRORS.SITE_VERSION_NOT_FOUND.code]);
    // A deleted conversation's site goes with it.
    await data('POST', '/api/chat/delete-conversation', owner.token, { conversation_id: conversationId });
    expect((await call('GET', `${VERSIONS}?conversation_id=${conversationId}`, owner.token)).status).toBe(
      404,
    );
  });
});

describe('fixing a failed version through chat', () => {
  it("sends the version's errors to the agent as a message of the user's, with its points, answered as a send is", async () => {
    const { owner, agentId } = await webBuilder();
    const broken = block('src/App.tsx', 'export default function App() {', '  return <h1>Hi</h1;', '}');
    const sent = await sendAndWait(owner.token, { agent_id: agentId, content: `Page:\n${MAIN}\n${broken}` });
    await builtVersions(owner.token, sent.conversation_id, 1);
    const before = await balanceOf(owner.token);
    const fix = await data('POST', '/api/chat/fix-site', owner.token, {
      conversation_id: sent.conversation_id,
      version: 1,
    });
    expect(fix).toMatchObject({
      conversation_id: sent.conversation_id,
      channel: `chat:${sent.conversation_id}`,
      points: 3,
      assistant_message_id: expect.any(Number),
    });
    await settledReply(owner.token, sent.conversation_id);
    const [question] = await ctx.database.db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(eq(chatMessages.id, fix.user_message_id));
    expect(question!.content).toBe(
      'The build of version 1 failed with these errors. Fix them:\n\n- src/App.tsx:2:20: Expected ">" but found ";"',
    );
    expect(await balanceOf(owner.token)).toBe(before - 3);
    // The agent's answer writes the file again, and the repaired version builds.
    const repaired = await builtVersions(owner.token, sent.conversation_id, 2);
    expect(repaired.data[0]).toMatchObject({
      version: 2,
      status: 'ready',
      message_id: fix.assistant_message_id,
    });
    const files = await filesOf(owner.token, sent.conversation_id, 2);
    expect(files.find((file) => file.path === 'src/App.tsx')?.content).toContain(FIXED_PAGE_TEXT);
  });

  it('refuses a version that did not fail, one that does not exist, and a conversation of someone else', async () => {
    const { owner, agentId } = await webBuilder();
    const sent = await sendAndWait(owner.token, {
      agent_id: agentId,
      content: `Page:\n${MAIN}\n${app('Fine')}`,
    });
    await builtVersions(owner.token, sent.conversation_id, 1);
    const fix = (token: string, version: number) =>
      call('POST', '/api/chat/fix-site', token, { conversation_id: sent.conversation_id, version });
    const ready = await fix(owner.token, 1);
    expect([ready.status, ready.body.code]).toEqual([409, ERRORS.SITE_NOTHING_TO_FIX.code]);
    const missing = await fix(owner.token, 9);
    expect([missing.status, missing.body.code]).toEqual([404, ERRORS.SITE_VERSION_NOT_FOUND.code]);
    const stranger = await fix((await person()).token, 1);
    expect([stranger.status, stranger.body.code]).toEqual([404, ERRORS.CONVERSATION_NOT_FOUND.code]);
  });
});

/** A conversation of a web builder with `count` replies in it, made without the model. */
async function conversationWithReplies(count: number) {
  const { owner, agentId } = await webBuilder();
  const sent = await sendAndWait(owner.token, { agent_id: agentId, content: 'no files yet' });
  const replies = await ctx.database.db
    .insert(chatMessages)
    .values(
      Array.from({ length: count }, () => ({
        conversationId: sent.conversation_id,
        role: 'assistant' as const,
      })),
    )
    .returning({ id: chatMessages.id });
  return {
    token: owner.token,
    conversationId: sent.conversation_id,
    messageIds: replies.map((reply) => reply.id),
  };
}

const silentRealtime = (published: unknown[] = []) =>
  ({
    publisher: {
      publish: async (_channel: string, data: unknown) => {
        published.push(data);
      },
      broadcast: async () => {},
    },
  }) as unknown as Realtime;

// The builders of these tests are live processes to the app's own builder, which would otherwise take
// their versions back (and build them beside theirs) at its next beat.
beforeEach(() =>
  ctx.database.db
    .insert(serverProcesses)
    .values(['builder-a', 'builder-b', 'builder-c'].map((id) => ({ id })))
    .onConflictDoUpdate({ target: serverProcesses.id, set: { heartbeatAt: sql`now()` } }),
);

/** This process in builder tests: `dead-process` is the only one gone. */
const testProcess = (id: string) =>
  ({ id, isGone: (column) => sql`(${column} = 'dead-process')` }) as Pick<
    ServerProcess,
    'id' | 'isGone'
  > as ServerProcess;

describe('version numbers and builds', () => {
  it('numbers versions one after another when replies end at once, each over the files of the one before', async () => {
    const { conversationId, messageIds } = await conversationWithReplies(5);
    const made = await Promise.all(
      messageIds.map((messageId, index) =>
        recordSiteVersion(
          ctx.database.db,
          { conversationId, messageId, content: block(`src/File${index}.ts`, `export const n = ${index};`) },
          'test',
        ),
      ),
    );
    expect(made.map((version) => version!.version).sort()).toEqual([1, 2, 3, 4, 5]);
    const rows = await ctx.database.db
      .select({ version: siteVersions.version, files: siteVersions.files })
      .from(siteVersions)
      .where(eq(siteVersions.conversationId, conversationId))
      .orderBy(siteVersions.version);
    expect(rows.map((row) => row.files.length)).toEqual([1, 2, 3, 4, 5]);
    // A reply handled twice still makes one version.
    const again = await recordSiteVersion(
      ctx.database.db,
      { conversationId, messageId: messageIds[0]!, content: block('src/Again.ts', 'x') },
      'test',
    );
    expect(again).toBeUndefined();
  });

  it('runs at most the configured number of builds at once, and publishes each status', async () => {
    const { token, conversationId, messageIds } = await conversationWithReplies(5);
    let runningNow = 0;
    let mostAtOnce = 0;
    const published: unknown[] = [];
    const queue = createSiteBuilder({
      db: ctx.database.db,
      realtime: silentRealtime(published),
      log: pino({ level: 'silent' }),
      owner: testProcess('builder-a'),
      buildsAtOnce: 2,
      timeoutMs: 5000,
      memoryMb: 512,
      build: async (): Promise<BuildResult> => {
        runningNow += 1;
        mostAtOnce = Math.max(mostAtOnce, runningNow);
        await new Promise((resolve) => setTimeout(resolve, 30));
        runningNow -= 1;
        return { status: 'ready', output: [{ path: 'index.html', content: '<p>built</p>' }] };
      },
    });
    for (const [index, messageId] of messageIds.entries()) {
      await queue.fromReply({ conversationId, messageId, content: block(`f${index}.js`, 'x') });
    }
    await queue.settled();
    expect(mostAtOnce).toBe(2);
    const statuses = await versionsOf(token, conversationId);
    expect(statuses.data.map((version) => version.status)).toEqual(Array(5).fill('ready'));
    expect(published).toContainEqual({
      type: 'site_version',
      version: 1,
      status: 'building',
      message_id: messageIds[0],
      errors: [],
    });
    expect(published).toContainEqual({
      type: 'site_version',
      version: 5,
      status: 'ready',
      message_id: messageIds[4],
      errors: [],
    });
    await queue.close();
  });

  it("brings each status to every tab subscribed to the conversation's channel, a failure's errors too", async () => {
    const { token, conversationId, messageIds } = await conversationWithReplies(2);
    const tabs = [
      await conversationRealtimeClient(ctx.app, token, conversationId),
      await conversationRealtimeClient(ctx.app, token, conversationId),
    ];
    const error = { file: 'src/App.tsx', line: 2, column: 20, text: 'Expected ">" but found ";"' };
    const queue = createSiteBuilder({
      db: ctx.database.db,
      realtime: appRealtime,
      log: pino({ level: 'silent' }),
      owner: testProcess('builder-a'),
      buildsAtOnce: 1,
      timeoutMs: 5000,
      memoryMb: 512,
      build: async (files): Promise<BuildResult> =>
        files.some((file) => file.content.includes('<h1>Hi</h1;'))
          ? { status: 'fail', errors: [error] }
          : { status: 'ready', output: [{ path: 'index.html', content: '<p>built</p>' }] },
    });
    await queue.fromReply({ conversationId, messageId: messageIds[0]!, content: `${MAIN}\n${app('One')}` });
    await queue.settled();
    const broken = block('src/App.tsx', 'export default function App() {', '  return <h1>Hi</h1;', '}');
    await queue.fromReply({ conversationId, messageId: messageIds[1]!, content: broken });
    await queue.settled();
    await queue.close();
    const statusOf = (version: number, status: SiteVersion['status'], errors: unknown[] = []) => ({
      type: 'site_version',
      version,
      status,
      message_id: messageIds[version - 1],
      errors,
    });
    for (const tab of tabs) {
      await eventually(() =>
        expect(tab.received).toEqual([
          statusOf(1, 'building'),
          statusOf(1, 'ready'),
          statusOf(2, 'building'),
          statusOf(2, 'fail', [error]),
        ]),
      );
    }
  });

  it('builds a version left building by a process that is gone', async () => {
    const { conversationId, messageIds } = await conversationWithReplies(1);
    await recordSiteVersion(
      ctx.database.db,
      { conversationId, messageId: messageIds[0]!, content: `${MAIN}\n${app('Orphan')}` },
      'dead-process',
    );
    const queue = createSiteBuilder({
      db: ctx.database.db,
      realtime: silentRealtime(),
      log: pino({ level: 'silent' }),
      owner: testProcess('builder-b'),
      buildsAtOnce: 1,
      timeoutMs: 20_000,
      memoryMb: 512,
      niceness: 0,
    });
    expect(await queue.takeBackOrphans()).toBeGreaterThanOrEqual(1);
    await queue.settled();
    const [row] = await ctx.database.db
      .select({ status: siteVersions.status, builderId: siteVersions.builderId })
      .from(siteVersions)
      .where(eq(siteVersions.conversationId, conversationId));
    expect(row).toEqual({ status: 'ready', builderId: null });
    await queue.close();
  });
});

describe('builds in processes of their own', () => {
  // The app's own builds, of the replies of the tests before, are over first (none waiting either):
  // only these tests' run.
  beforeEach(() =>
    eventually(async () => {
      const building = await ctx.database.db
        .select({ version: siteVersions.version })
        .from(siteVersions)
        .where(eq(siteVersions.status, 'building'));
      expect(building).toEqual([]);
      expect(childrenRunning(/site-build-worker/)).toEqual([]);
    }, 60_000),
  );

  const realBuilder = (buildsAtOnce: number) =>
    createSiteBuilder({
      db: ctx.database.db,
      realtime: silentRealtime(),
      log: pino({ level: 'silent' }),
      owner: testProcess('builder-c'),
      buildsAtOnce,
      timeoutMs: 20_000,
      memoryMb: 512,
      niceness: 0,
    });

  it('runs at most the configured number of build processes at once, none left once built', async () => {
    const { token, conversationId, messageIds } = await conversationWithReplies(5);
    const queue = realBuilder(2);
    const processes = watchNewProcesses(/site-build-worker/);
    try {
      for (const [index, messageId] of messageIds.entries()) {
        const files = index === 0 ? `${MAIN}\n${app('Zero')}` : app(`Number ${index}`);
        await queue.fromReply({ conversationId, messageId, content: files });
      }
      await queue.settled();
    } finally {
      processes.stop();
      await queue.close();
    }
    const statuses = await versionsOf(token, conversationId);
    expect(statuses.data.map((version) => version.status)).toEqual(Array(5).fill('ready'));
    expect(processes.mostAtOnce()).toBeGreaterThanOrEqual(1);
    expect(processes.mostAtOnce()).toBeLessThanOrEqual(2);
    const workers = processes
      .seen()
      .filter(({ command, parent }) => parent === process.pid && /site-build-worker/.test(command));
    expect(workers.length).toBe(5);
    expect(processes.seen().filter(({ pid }) => isRunning(pid))).toEqual([]);
  }, 120_000);

  it('kills the running build when the server closes, leaving its version to another process', async () => {
    const { conversationId, messageIds } = await conversationWithReplies(1);
    const queue = realBuilder(1);
    const processes = watchNewProcesses(/site-build-worker/);
    try {
      await queue.fromReply({ conversationId, messageId: messageIds[0]!, content: `${MAIN}\n${app('Cut')}` });
      await eventually(() => expect(processes.mostAtOnce()).toBe(1));
      await queue.close();
    } finally {
      processes.stop();
    }
    expect(processes.seen().filter(({ pid }) => isRunning(pid))).toEqual([]);
    const [row] = await ctx.database.db
      .select({ status: siteVersions.status, builderId: siteVersions.builderId })
      .from(siteVersions)
      .where(eq(siteVersions.conversationId, conversationId));
    expect(row).toEqual({ status: 'building', builderId: 'builder-c' });
  });
});

describe('preview addresses', () => {
  it('open their version only, until they expire, and not once changed', () => {
    let now = Date.UTC(2026, 0, 1);
    const links = createPreviewLinks({ secret: 'x'.repeat(32), now: () => now });
    const target = { conversationId: 'abc_DEF-123', version: 4 };
    const token = links.tokenOf(target);
    expect(links.verify(token)).toEqual(target);
    expect(links.urlOf('https://preview.example/', target)).toBe(`https://preview.example/p/${token}/`);
    expect(links.verify(token.replace('.4.', '.5.'))).toBeUndefined();
    expect(createPreviewLinks({ secret: 'y'.repeat(32), now: () => now }).verify(token)).toBeUndefined();
    now += 3 * 60 * 60 * 1000;
    expect(links.verify(token)).toBeUndefined();
  });
});

describe('the preview origin', () => {
  const previewOf = () =>
    createPreviewServer({
      db: ctx.database.db,
      previewLinks: createPreviewLinks({ secret: ctx.config.realtime.secret }),
      storage: createLocalStorage(mkdtempSync(join(tmpdir(), 'tandem-site-images-'))),
      appOrigins: () => ['http://localhost:3000'],
    });

  it("serves a ready version's page and assets at its signed address, under a policy that allows no connection", async () => {
    const { owner, agentId } = await webBuilder();
    const sent = await sendAndWait(owner.token, {
      agent_id: agentId,
      content: `A page:\n${MAIN}\n${app('Shown')}`,
    });
    const [version] = (await builtVersions(owner.token, sent.conversation_id, 1)).data;
    const path = new URL(version!.preview_url!).pathname;
    const preview = previewOf();
    const page = await preview.inject({ url: path, headers: { cookie: 'session=anything' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<div id="root"></div>');
    // Element chat's pick script, added at serving time: the stored page stays as built.
    expect(page.body).toContain('<script src="/_tandem/pick.js"></script>\n</head>');
    const policy = String(page.headers['content-security-policy']);
    for (const rule of [
      "default-src 'none'",
      "connect-src 'none'",
      'sandbox allow-scripts',
      'frame-ancestors http://localhost:3000',
    ]) {
      expect(policy).toContain(rule);
    }
    expect(page.headers['set-cookie']).toBeUndefined();
    const script = await preview.inject({ url: `${path}assets/entry-0.js` });
    expect([script.statusCode, script.headers['content-type']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);
    expect(script.body).toContain('Shown');
    expect(script.body).not.toContain('_tandem');

    // A changed address, a file the version does not have, and a deleted conversation's page are not found.
    const tampered = path.replace('.1.', '.2.');
    expect((await preview.inject({ url: tampered })).statusCode).toBe(404);
    expect((await preview.inject({ url: `${path}../../etc/passwd` })).statusCode).toBe(404);
    await data('POST', '/api/chat/delete-conversation', owner.token, {
      conversation_id: sent.conversation_id,
    });
    expect((await preview.inject({ url: path })).statusCode).toBe(404);
    await preview.close();
  });

  it('serves the pick script of element chat as JavaScript, under the same policy', async () => {
    const preview = previewOf();
    const script = await preview.inject({ url: '/_tandem/pick.js' });
    expect([script.statusCode, script.headers['content-type']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    const policy = String(script.headers['content-security-policy']);
    for (const rule of [
      "default-src 'none'",
      `script-src http://localhost:80 'unsafe-inline'`,
      "connect-src 'none'",
      'sandbox allow-scripts',
      'frame-ancestors http://localhost:3000',
    ]) {
      expect(policy).toContain(rule);
    }
    expect(script.body).toContain('"tandem:picked"');
    expect(script.headers['set-cookie']).toBeUndefined();
    await preview.close();
  });
});

describe("the app's pages", () => {
  it('may frame the preview origin, and no other', async () => {
    // Without PUBLIC_URL or SITE_PREVIEW_URL: the host the page was asked on, on the preview port, never any host.
    const page = await ctx.app.inject({ url: '/chat', headers: { host: 'tandem.lan:3000' } });
    expect(String(page.headers['content-security-policy'])).toContain(
      "frame-src 'self' http://tandem.lan:3001;",
    );
    const forged = await ctx.app.inject({
      url: '/chat',
      headers: { host: "evil;script-src 'unsafe-inline'" },
    });
    expect(String(forged.headers['content-security-policy'])).toContain("frame-src 'self';");
    expect(String(forged.headers['content-security-policy'])).not.toContain('evil');
    const config = { publicUrl: undefined, sites: { previewUrl: undefined, previewPort: 3001 } };
    expect(previewFrameSource(config)).toBeUndefined();
    expect(previewFrameSource({ ...config, publicUrl: 'https://tandem.example/app' })).toBe(
      'https://tandem.example:3001',
    );
    expect(
      previewFrameSource({ ...config, sites: { previewUrl: 'https://pages.example/x', previewPort: 1 } }),
    ).toBe('https://pages.example');
  });
});

describe('the pick script tag', () => {
  it("goes at the end of a page's head, else before its body's end, else at its end", () => {
    const tag = '<script src="/_tandem/pick.js"></script>';
    expect(withPickScript('<html><HEAD><title>x</title></HEAD><body></body></html>')).toBe(
      `<html><HEAD><title>x</title>${tag}\n</HEAD><body></body></html>`,
    );
    expect(withPickScript('<body><p>a</p></body>')).toBe(`<body><p>a</p>${tag}\n</body>`);
    expect(withPickScript('<p>bare</p>')).toBe(`<p>bare</p>\n${tag}\n`);
  });
});
