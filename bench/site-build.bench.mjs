// Figures of web pages built through chat:
// 1. the build time of a ten-file React + TSX project (site-project.mjs) as the server builds it, each in
//    a process of its own (modules/sites/build-in-child.ts from the production bundle, the default time
//    and memory limits): p50/p95 of BENCH_SITE_BUILDS builds (20), next to the same builds in this
//    process (esbuild alone, no process started), and the most resident memory a build's processes held;
// 2. the time to first token of chat replies (send → first `delta` on the conversation's channel) on the
//    built server (NODE_ENV=production, PGlite) with the fake model: BENCH_SITE_SAMPLES replies (100)
//    with no build running, then as many while five builds run at once: five web builders' conversations
//    each send a one-file change as soon as their last version is built (SITE_BUILDS_AT_ONCE=5, so none
//    waits for a slot); p50/p95 of each and the ratio against the goal (within 20%).
// Accounts and agents are made on a first start with the dev outbox (NODE_ENV=test); the figures come from
// a second, production start on the same data.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildServer } from '../scripts/build.mjs';
import { isStale } from '../scripts/build-when-stale.mjs';
import { asReply, dataFile, siteProject } from './site-project.mjs';
import {
  bundleBenchServer,
  call,
  ensureBuilt,
  figure,
  percentile,
  publishedAgent,
  registerUser,
  sleep,
  startFakeModel,
  startProduct,
  subscribeChat,
} from './support.mjs';

const BUILDS = Number(process.env.BENCH_SITE_BUILDS ?? 20);
const SAMPLES = Number(process.env.BENCH_SITE_SAMPLES ?? 100);
const WARM_UP = Math.max(2, Math.round(SAMPLES / 10));
const BUILDERS = 5;
const GOAL_RATIO = 1.2;
/** The server's defaults (config.ts). */
const LIMITS = { timeoutMs: 15_000, memoryMb: 512 };
const MODEL = 'bench-fast';
const WAIT_MS = 60_000;

/** The build path of the production bundle: its worker is the bundled one beside main.js. */
async function bundledBuilds() {
  await ensureBuilt();
  if (isStale('server', ['apps/server/dist/site-build-worker.js'])) await buildServer();
  const entry = await bundleBenchServer(
    'site-build-bench',
    [
      "export { buildSiteInChild } from './src/modules/sites/build-in-child.ts';",
      "export { processTree } from './src/modules/sites/process-tree.ts';",
      "export { buildSite } from './src/modules/sites/build-site.ts';",
    ].join('\n'),
  );
  return import(pathToFileURL(entry).href);
}

/** Each build's milliseconds, after two not counted; every build must be ready. */
async function timed(build) {
  const times = [];
  for (let n = -2; n < BUILDS; n++) {
    const startedAt = performance.now();
    const result = await build(siteProject(n + 3));
    if (result.status !== 'ready') throw new Error(`build failed: ${JSON.stringify(result.errors)}`);
    if (n >= 0) times.push(performance.now() - startedAt);
  }
  return times;
}

/** 1. Builds one after another in processes of their own, then in this process. */
async function buildTimes({ buildSiteInChild, buildSite, processTree }) {
  const before = new Set(processTree(process.pid));
  let peakMb = 0;
  const sampler = setInterval(() => {
    const started = processTree(process.pid).filter((pid) => !before.has(pid));
    const mb = started.reduce((sum, pid) => sum + residentMb(pid), 0);
    peakMb = Math.max(peakMb, mb);
  }, 10);
  const inChild = await timed((files) => buildSiteInChild(files, LIMITS)).finally(() =>
    clearInterval(sampler),
  );
  const inProcess = await timed((files) => buildSite(files, LIMITS));
  return { inChild, inProcess, peakMb };
}

/** A process's resident memory, 0 once it has ended. */
function residentMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A new conversation, once its first reply has ended; its publications go to whoever waits for one. */
async function openConversation(base, token, agentId, content) {
  const { conversation_id: id } = await call(base, token, '/api/chat/agent-send-message', {
    agent_id: agentId,
    content,
  });
  await replyEnded(base, token, id);
  const waiters = new Set();
  const socket = await subscribeChat(base, token, id, (pub) => {
    const at = performance.now();
    for (const waiter of waiters) waiter(pub, at);
  });
  /** Settles once `isDone(publication, at)` is true; an `error` publication rejects. */
  const until = (isDone) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`${id}: nothing after ${WAIT_MS} ms`)), WAIT_MS);
      const finish = (error) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        error ? reject(error) : resolve();
      };
      const waiter = (pub, at) => {
        try {
          if (pub.type === 'error') throw new Error(`${id}: ${JSON.stringify(pub)}`);
          if (isDone(pub, at)) finish();
        } catch (error) {
          finish(error);
        }
      };
      waiters.add(waiter);
    });
  /** Sends `content` once the last reply has ended, and waits until `isDone`. */
  const send = async (content, isDone) => {
    const ended = until(isDone);
    await call(base, token, '/api/chat/agent-send-message', { conversation_id: id, content });
    await ended;
  };
  return { id, socket, until, send };
}

async function replyEnded(base, token, conversationId) {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    const { data } = await call(
      base,
      token,
      `/api/chat/get-conversation-messages?conversation_id=${conversationId}&page=1&page_size=10`,
    );
    if (data.every((message) => message.status !== 'streaming')) return;
    if (performance.now() > deadline) throw new Error(`${conversationId}: reply still streaming`);
    await sleep(20);
  }
}

/** Waits until a conversation's versions are all built; the last must be ready. */
async function versionsBuilt(base, token, conversationId) {
  const deadline = performance.now() + WAIT_MS;
  for (;;) {
    const { data } = await call(base, token, `/api/chat/get-site-versions?conversation_id=${conversationId}`);
    if (data.length > 0 && data.every((version) => version.status !== 'building')) {
      if (data[0].status !== 'ready') throw new Error(`version failed: ${JSON.stringify(data[0].errors)}`);
      return;
    }
    if (performance.now() > deadline) throw new Error(`${conversationId}: still building`);
    await sleep(50);
  }
}

/** Replies one after another: when each was sent, and its time to its first delta. */
async function firstTokens(conversation, label) {
  const samples = [];
  for (let n = 0; n < WARM_UP + SAMPLES; n++) {
    let firstAt;
    const sentAt = performance.now();
    await conversation.send(`${label} question ${n}`, (pub, at) => {
      if (pub.type === 'delta') firstAt ??= at;
      return pub.type === 'done';
    });
    if (firstAt === undefined) throw new Error('a reply without deltas');
    if (n >= WARM_UP) samples.push({ sentAt, ms: firstAt - sentAt });
  }
  return samples;
}

/**
 * A web builder sending a changed src/data.ts as soon as its last version is built, until `isOn()` is
 * false; each build's span (from `building` to its end) goes to `spans`, and `onBuilding` is called as
 * each starts.
 */
async function keepBuilding(conversation, isOn, spans, onBuilding) {
  for (let release = 2; isOn(); release++) {
    let buildingAt;
    let builtAt;
    let isReplyDone = false;
    await conversation.send(
      `Release ${release}:\n${asReply([{ path: 'src/data.ts', content: dataFile(release) }])}`,
      (pub, at) => {
        if (pub.type === 'done') isReplyDone = true;
        if (pub.type !== 'site_version') return false;
        if (pub.status === 'fail') throw new Error(`version failed: ${JSON.stringify(pub.errors)}`);
        if (pub.status === 'building') {
          buildingAt = at;
          onBuilding();
        } else {
          builtAt = at;
        }
        return isReplyDone && builtAt !== undefined;
      },
    );
    spans.push({ from: buildingAt, to: builtAt });
  }
}

/** Accounts and agents through the product's calls, on a start with the dev outbox. */
async function prepare(productEnv) {
  const setup = await startProduct(
    { ...productEnv, NODE_ENV: 'test', CODES_PER_IP_PER_HOUR: '1000' },
    { isServerOnly: true },
  );
  try {
    // Each its own team, so that no team's points run out.
    const chatter = await registerUser(setup.url);
    const builders = await Promise.all(
      Array.from({ length: BUILDERS }, async () => {
        const token = await registerUser(setup.url);
        return { token, agentId: await publishedAgent(setup.url, token, MODEL, { web_build: true }) };
      }),
    );
    return {
      dataDir: setup.dataDir,
      chatter: { token: chatter, agentId: await publishedAgent(setup.url, chatter, MODEL) },
      builders,
    };
  } finally {
    await setup.stop();
  }
}

/** 2. First tokens with no build, then with five running at once. */
async function firstTokenFigures(product, { chatter, builders }) {
  const base = product.url;
  const chat = await openConversation(base, chatter.token, chatter.agentId, 'hello');
  const sites = await Promise.all(
    builders.map(async ({ token, agentId }) => {
      const conversation = await openConversation(base, token, agentId, `A page:\n${asReply(siteProject())}`);
      await versionsBuilt(base, token, conversation.id);
      return conversation;
    }),
  );
  const quiet = await firstTokens(chat, 'quiet');

  const spans = [];
  let isOn = true;
  const building = new Set();
  let allBuilding;
  const isEachBuilding = new Promise((resolve) => {
    allBuilding = resolve;
  });
  const loopsEnded = Promise.all(
    sites.map((conversation) =>
      keepBuilding(
        conversation,
        () => isOn,
        spans,
        () => building.add(conversation.id).size === BUILDERS && allBuilding(),
      ),
    ),
  );
  // The samples start once every builder has a build running.
  await Promise.race([isEachBuilding, loopsEnded]);
  const busy = await firstTokens(chat, 'busy');
  isOn = false;
  await loopsEnded;
  for (const conversation of [chat, ...sites]) conversation.socket.terminate();
  const runningAt = (at) => spans.filter(({ from, to }) => from <= at && at <= to).length;
  return {
    quiet: quiet.map(({ ms }) => ms),
    busy: busy.map(({ ms }) => ms),
    builds: spans.length,
    buildsRunning: busy.reduce((sum, { sentAt }) => sum + runningAt(sentAt), 0) / busy.length,
  };
}

const { inChild, inProcess, peakMb } = await buildTimes(await bundledBuilds());
figure('site_build_10_files_p50', percentile(inChild, 50), 'ms');
figure('site_build_10_files_p95', percentile(inChild, 95), 'ms');
figure('site_build_10_files_in_process_p50', percentile(inProcess, 50), 'ms');
figure('site_build_10_files_in_process_p95', percentile(inProcess, 95), 'ms');
figure('site_build_10_files_peak_rss', peakMb, 'MB');

const model = await startFakeModel();
try {
  const productEnv = {
    LOG_LEVEL: 'warn',
    LLM_BASE_URL: model.baseUrl,
    LLM_PROVIDER_NAME: 'Benchmark model server',
    LLM_MODELS: `${MODEL}=1`,
    SITE_BUILDS_AT_ONCE: String(BUILDERS),
  };
  const accounts = await prepare(productEnv);
  const product = await startProduct(
    { ...productEnv, NODE_ENV: 'production', DATA_DIR: accounts.dataDir },
    { isServerOnly: true, isLogShown: true },
  );
  try {
    const { quiet, busy, builds, buildsRunning } = await firstTokenFigures(product, accounts);
    const ratio50 = percentile(busy, 50) / percentile(quiet, 50);
    const ratio95 = percentile(busy, 95) / percentile(quiet, 95);
    figure('site_chat_first_token_no_builds_p50', percentile(quiet, 50), 'ms');
    figure('site_chat_first_token_no_builds_p95', percentile(quiet, 95), 'ms');
    figure('site_chat_first_token_5_builds_p50', percentile(busy, 50), 'ms');
    figure('site_chat_first_token_5_builds_p95', percentile(busy, 95), 'ms');
    figure('site_chat_first_token_5_builds_builds_done', builds, '');
    figure('site_chat_first_token_5_builds_running_at_send_mean', buildsRunning, 'builds');
    figure('site_chat_first_token_ratio_p50', ratio50, 'x');
    figure('site_chat_first_token_ratio_p95', ratio95, 'x');
    figure(
      'site_chat_first_token_goal_p50',
      ratio50 <= GOAL_RATIO ? 'met' : 'missed',
      `(at most ${GOAL_RATIO}x)`,
    );
  } finally {
    await product.stop();
  }
} finally {
  await model.stop();
}
