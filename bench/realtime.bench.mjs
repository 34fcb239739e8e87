// Figures of the built-in realtime hub, in the real server (buildApp: Fastify, PGlite, every route)
// running in its own process: 10,000 connections held and the memory each adds; one publication
// fanned out to 10,000 subscribers; 1,000 publications/s spread over 1,000 subscribers. The
// clients are raw `ws` sockets speaking the Centrifugo protocol, in this process; the server
// publishes when told over IPC, as a module would after a write.
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import {
  BENCH_REALTIME_SECRET,
  bundleBenchServer,
  figure,
  forkBenchServer,
  sleep,
  subscribeChannel,
} from './support.mjs';

const CONNECTIONS = Number(process.env.BENCH_REALTIME_CONNECTIONS ?? 10_000);
const FANOUTS = 20;
const RATE_SUBSCRIBERS = 1000;
const RATE_PER_S = 1000;
const SHARED_RATE_PER_S = Number(process.env.BENCH_REALTIME_SHARED_RATE ?? 100);
const RATE_DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const OPENING_AT_ONCE = 200;
const WARM_UP_CONNECTIONS = 500;

/** The server's own modules, bundled like `npm run build` bundles main.ts, plus an IPC hook to publish. */
const bundleServer = () =>
  bundleBenchServer(
    'realtime-bench-server',
    `
        import pino from 'pino';
        import { buildApp } from './src/app.ts';
        import { loadConfig } from './src/config.ts';
        import { openDatabase } from './src/db/client.ts';
        import { createRealtime } from './src/platform/realtime/realtime.ts';
        const config = loadConfig();
        const database = openDatabase({ kind: 'pglite', dataDir: config.dataDir });
        await database.migrate();
        const realtime = createRealtime({ config: config.realtime, log: pino({ level: 'warn' }) });
        const app = await buildApp({ config, database, realtime });
        await app.listen({ host: config.host, port: config.port });
        const measure = () => {
          for (let i = 0; i < 3; i++) globalThis.gc?.();
          return { memory: process.memoryUsage(), stats: realtime.hub.stats() };
        };
        process.on('message', (message) => {
          if (message.publish) for (const p of message.publish) realtime.publisher.publish(p.channel, p.data);
          if (message.measure) setTimeout(() => process.send({ measured: measure() }), 500);
        });
        process.send({ ready: true });
      `,
  );

async function startServer(entry) {
  const { child, port } = await forkBenchServer(entry, { execArgv: ['--expose-gc'] });
  const measure = async () => {
    child.send({ measure: true });
    const [answer] = await once(child, 'message');
    return answer.measured;
  };
  return { child, url: `ws://127.0.0.1:${port}/connection/websocket`, measure };
}

/** HS256 tokens as the server's token calls issue them (this benchmark knows the secret). */
function jwt(claims) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })}`;
  return `${body}.${createHmac('sha256', BENCH_REALTIME_SECRET).update(body).digest('base64url')}`;
}

const now = () => performance.timeOrigin + performance.now();

/** One client subscribed to `channel`, noting each publication's delay. */
function openClient(url, userId, channel, onDelay) {
  const tokens = {
    connectToken: jwt({ sub: String(userId) }),
    channel,
    channelToken: jwt({ sub: String(userId), channel }),
  };
  return subscribeChannel(url, tokens, (data) => onDelay(now() - data.t));
}

async function openClients(url, count, channelOf, onDelay) {
  const sockets = [];
  for (let first = 0; first < count; first += OPENING_AT_ONCE) {
    const batch = [];
    for (let i = first; i < Math.min(count, first + OPENING_AT_ONCE); i++) {
      batch.push(openClient(url, 1000 + i, channelOf(i), onDelay));
    }
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

async function closeClients(sockets) {
  for (const socket of sockets) socket.terminate();
  await sleep(500);
}

const percentile = (values, p) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Publishes `perSecond` times a second for RATE_DURATION_S to channels of `subscribers` clients. */
async function publishAtRate(server, perSecond, subscribers, channelOf) {
  const delays = [];
  const sockets = await openClients(server.url, subscribers, channelOf, (ms) => delays.push(ms));
  const channels = [...new Set(Array.from({ length: subscribers }, (_, i) => channelOf(i)))];
  const receiversPerPublication = subscribers / channels.length;
  const total = perSecond * RATE_DURATION_S;
  const tickMs = 10;
  let sent = 0;
  const startedAt = performance.now();
  while (sent < total) {
    const due = Math.min(total, Math.ceil(((performance.now() - startedAt + tickMs) / 1000) * perSecond));
    const publish = [];
    for (; sent < due; sent++) {
      publish.push({ channel: channels[sent % channels.length], data: { t: now(), n: sent } });
    }
    if (publish.length > 0) server.child.send({ publish });
    await sleep(tickMs);
  }
  const sendingSeconds = (performance.now() - startedAt) / 1000;
  const expected = total * receiversPerPublication;
  const deadline = performance.now() + 10_000;
  while (delays.length < expected && performance.now() < deadline) await sleep(20);
  const seconds = (performance.now() - startedAt) / 1000;
  await closeClients(sockets);
  return {
    delays,
    total: expected,
    delivered: delays.length,
    seconds,
    achieved: Math.min(perSecond, total / sendingSeconds),
  };
}

const serverEntry = await bundleServer();
const server = await startServer(serverEntry);
try {
  // 1. 10,000 connections, each with one subscription: what each adds to the server process. The
  // first ones warm the code up and are left out of the memory figures.
  const delays = [];
  const onDelay = (ms) => delays.push(ms);
  const sockets = await openClients(server.url, WARM_UP_CONNECTIONS, () => 'chat:fanout', onDelay);
  const before = await server.measure();
  const openedAt = performance.now();
  const counted = CONNECTIONS - WARM_UP_CONNECTIONS;
  sockets.push(...(await openClients(server.url, counted, () => 'chat:fanout', onDelay)));
  const openSeconds = (performance.now() - openedAt) / 1000;
  const after = await server.measure();
  if (after.stats.connections !== CONNECTIONS) {
    throw new Error(`server holds ${after.stats.connections} of ${CONNECTIONS} connections`);
  }
  figure('realtime_connections_held', after.stats.connections, 'connections');
  figure('realtime_connect_rate', counted / openSeconds, 'connections/s');
  const growth = (key) => (after.memory[key] - before.memory[key]) / counted / 1024;
  figure('realtime_rss_per_connection', growth('rss'), 'KB');
  figure('realtime_heap_per_connection', growth('heapUsed'), 'KB');
  figure('realtime_server_rss_before', before.memory.rss / 1024 / 1024, 'MB');
  figure('realtime_server_rss_at_10k', after.memory.rss / 1024 / 1024, 'MB');

  // 2. One publication to all 10,000 subscribers of one channel, FANOUTS times.
  const completions = [];
  for (let n = 0; n < FANOUTS; n++) {
    const startCount = delays.length;
    const sentAt = now();
    server.child.send({ publish: [{ channel: 'chat:fanout', data: { t: sentAt, n } }] });
    const deadline = performance.now() + 10_000;
    while (delays.length - startCount < CONNECTIONS && performance.now() < deadline) await sleep(5);
    if (delays.length - startCount < CONNECTIONS)
      throw new Error(`fan-out ${n} reached ${delays.length - startCount}`);
    completions.push(now() - sentAt);
    await sleep(200);
  }
  figure('realtime_fanout_10k_p50', percentile(delays, 50), 'ms');
  figure('realtime_fanout_10k_p99', percentile(delays, 99), 'ms');
  figure('realtime_fanout_10k_all_delivered_p50', percentile(completions, 50), 'ms');
  await closeClients(sockets);

  // 3. 1,000 publications/s, each to one of 1,000 subscribers (a channel each, as chat streams are).
  const spread = await publishAtRate(server, RATE_PER_S, RATE_SUBSCRIBERS, (i) => `chat:rate-${i}`);
  figure('realtime_rate_1k_delivered', spread.delivered, `of ${spread.total}`);
  figure('realtime_rate_1k_publications_per_s', spread.achieved, 'pub/s');
  figure('realtime_rate_1k_p50', percentile(spread.delays, 50), 'ms');
  figure('realtime_rate_1k_p99', percentile(spread.delays, 99), 'ms');

  // 4. The same 1,000 subscribers on one channel: every publication reaches all of them.
  const shared = await publishAtRate(server, SHARED_RATE_PER_S, RATE_SUBSCRIBERS, () => 'chat:shared');
  figure('realtime_shared_1k_publications_per_s', shared.achieved, 'pub/s');
  figure('realtime_shared_1k_deliveries_per_s', shared.delivered / shared.seconds, 'msg/s');
  figure('realtime_shared_1k_p50', percentile(shared.delays, 50), 'ms');
  figure('realtime_shared_1k_p99', percentile(shared.delays, 99), 'ms');
} finally {
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
}
