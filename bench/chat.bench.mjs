// Figures of chat on the built server (NODE_ENV=production, PGlite; BENCH_CHAT_DATABASE=postgres for a
// throwaway PostgreSQL) with the fake OpenAI-compatible model server (apps/server/test/fake-llm) as a
// child process:
// 1. the time to first token the platform adds: send → first `delta` on the conversation's channel,
//    next to the fake model's own time to its first chunk when this process calls it directly;
// 2. 500 replies streaming at once, over 10 teams, every one subscribed, checked against the ledger;
// 3. 100 sends at once from a team with points for 10: 10 debits, 90 refusals, nothing left;
// and the server's resident memory at rest (after the first-token sends) and after the 500 replies.
// Accounts and agents are made through the product's calls on a first start with the dev outbox
// (NODE_ENV=test); conversations and balances are then written into its stopped database, and the
// figures come from a second, production start on the same data.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import {
  BENCH_PROMPT,
  call,
  ensureBuilt,
  figure,
  percentile,
  publishedAgent,
  ROOT,
  rssMegabytes,
  sleep,
  startFakeModel,
  startProduct,
  subscribeChat,
} from './support.mjs';

const SAMPLES = Number(process.env.BENCH_CHAT_SAMPLES ?? 200);
const WARM_UP = 50;
const CROWD = 500;
const CROWD_TEAMS = 10;
const CROWD_BALANCE = 1000;
const SCARCE_SENDS = 100;
const SCARCE_POINTS = 10;
/** Fake model keys: no pause between chunks, and 150 ms before each (so 500 replies overlap). */
const FAST_MODEL = 'bench-fast';
const SLOW_MODEL = 'bench-slow';
const CROWD_MESSAGE = 'please stream these ten words back to me slowly';
const REPLY_TIMEOUT_MS = 60_000;

const { ERRORS } = await tsImport('../packages/contract/src/errors.ts', import.meta.url);
const require = createRequire(join(ROOT, 'apps/server/package.json'));
const POINTS_REFUSALS = [ERRORS.QUOTA_EXCEEDED.code, ERRORS.POINTS_NOT_ENOUGH.code];
const isOnPostgres = process.env.BENCH_CHAT_DATABASE === 'postgres';

/** SQL on the product's database while it is stopped (PGlite) or beside it (PostgreSQL). */
async function openSql(dataDir, databaseUrl) {
  if (databaseUrl) {
    const { default: pg } = await import(require.resolve('pg'));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: (text, params) => client.query(text, params), close: () => client.end() };
  }
  const { PGlite } = await import(require.resolve('@electric-sql/pglite'));
  const db = new PGlite(join(dataDir, 'db'));
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

/** A user with a team of their own (the one registration makes), through the dev outbox. */
async function registerUser(base, label) {
  const email = `chat-bench-${label}-${Date.now()}@example.com`;
  await call(base, null, '/api/user/get-sys-email-code', { email, type: 1 });
  const outbox = await call(base, null, '/api/dev/outbox?page_size=50');
  const code = outbox.data.find((m) => m.to === email).code;
  const { token } = await call(base, null, '/api/user/register', {
    email,
    valid_code: code,
    password: 'Bench1234',
    agree: true,
  });
  const account = await call(base, token, '/api/user/account');
  return { token, userId: account.id, teamId: account.current_team_id };
}

/** Conversations and balances, written straight into the stopped product's database. */
async function seed(database, conversations, balances) {
  const db = await openSql(...database);
  await db.query(
    `insert into conversations (id, user_id, team_id, agent_id, title)
     select id, user_id, team_id, agent_id, 'Benchmark'
     from unnest($1::text[], $2::int[], $3::int[], $4::int[]) as c(id, user_id, team_id, agent_id)`,
    [
      conversations.map((c) => c.id),
      conversations.map((c) => c.user.userId),
      conversations.map((c) => c.user.teamId),
      conversations.map((c) => c.agentId),
    ],
  );
  for (const [teamId, balance] of balances) {
    await db.query(
      `insert into team_points (team_id, balance) values ($1, $2)
       on conflict (team_id) do update set balance = excluded.balance`,
      [teamId, balance],
    );
  }
  await db.close();
}

/** A conversation's subscription that hands each reply's first delta and end to whoever waits. */
async function watchedConversation(base, user, conversationId) {
  let waiter;
  const socket = await subscribeChat(base, user.token, conversationId, (pub) =>
    waiter?.(pub, performance.now()),
  );
  return {
    socket,
    /** Sends `content`; once the reply has ended, the time to its first delta and when it streamed. */
    async send(content) {
      let firstDeltaAt;
      let timer;
      const ended = new Promise((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`${conversationId}: no reply`)), REPLY_TIMEOUT_MS);
        waiter = (pub, at) => {
          if (pub.type === 'delta') firstDeltaAt ??= at;
          if (pub.type === 'error') reject(new Error(`${conversationId}: ${JSON.stringify(pub)}`));
          if (pub.type === 'done') resolve({ pub, at });
        };
      }).finally(() => clearTimeout(timer));
      ended.catch(() => {});
      const sentAt = performance.now();
      const answer = await call(base, user.token, '/api/chat/agent-send-message', {
        conversation_id: conversationId,
        content,
      }).catch((error) => {
        clearTimeout(timer);
        throw error;
      });
      const answeredAt = performance.now();
      const { pub: done, at: endedAt } = await ended;
      if (firstDeltaAt === undefined) throw new Error(`${conversationId}: a reply without deltas`);
      return { ms: firstDeltaAt - sentAt, answeredAt, firstDeltaAt, endedAt, answer, done };
    },
  };
}

/** The most replies streaming at one moment: between their first delta and their end. */
function peakOverlap(intervals) {
  const events = intervals.flatMap(({ from, to }) => [
    [from, 1],
    [to, -1],
  ]);
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = 0;
  for (const [, change] of events) {
    current += change;
    peak = Math.max(peak, current);
  }
  return peak;
}

/** The fake model called as the server calls it (same messages and settings), to its first text. */
async function directFirstToken(llmBaseUrl, messages) {
  const sentAt = performance.now();
  const response = await fetch(`${llmBaseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer none' },
    body: JSON.stringify({
      model: FAST_MODEL,
      messages,
      temperature: 0.7,
      top_p: 1,
      max_tokens: 2048,
      presence_penalty: 0,
      frequency_penalty: 0,
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  const decoder = new TextDecoder();
  let firstAt;
  let pending = '';
  for await (const bytes of response.body) {
    pending += decoder.decode(bytes, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      if (firstAt !== undefined || !line.startsWith('data: {')) continue;
      if (JSON.parse(line.slice(6)).choices[0]?.delta?.content) firstAt = performance.now();
    }
  }
  if (firstAt === undefined) throw new Error('the fake model sent no text');
  return firstAt - sentAt;
}

/** 1. Time to first token: alternating direct and platform samples, so drifting load hits both alike. */
async function timeToFirstToken(product, llmBaseUrl, latency) {
  const conversation = await watchedConversation(product.url, latency.user, latency.id);
  const turns = [];
  const direct = [];
  const platform = [];
  for (let i = 0; i < WARM_UP + SAMPLES; i++) {
    const content = `hello number ${i}`;
    const messages = [
      { role: 'system', content: BENCH_PROMPT },
      ...turns.slice(-10),
      { role: 'user', content },
    ];
    const directMs = await directFirstToken(llmBaseUrl, messages);
    const { ms, done } = await conversation.send(content);
    turns.push({ role: 'user', content }, { role: 'assistant', content: done.content });
    if (i >= WARM_UP) {
      direct.push(directMs);
      platform.push(ms);
    }
  }
  conversation.socket.terminate();
  return { direct, platform };
}

/** 2. Every crowd conversation subscribed, then all sent at once. */
async function crowdOfReplies(product, crowd) {
  const watched = [];
  for (let first = 0; first < crowd.length; first += 50) {
    const batch = crowd.slice(first, first + 50);
    watched.push(...(await Promise.all(batch.map((c) => watchedConversation(product.url, c.user, c.id)))));
  }
  const startedAt = performance.now();
  const results = await Promise.allSettled(watched.map((conversation) => conversation.send(CROWD_MESSAGE)));
  const wallMs = performance.now() - startedAt;
  for (const conversation of watched) conversation.socket.terminate();
  const completed = results.filter(
    (r) => r.status === 'fulfilled' && r.value.done.status === 'done' && r.value.done.content !== '',
  );
  const errors = results.filter((r) => r.status === 'rejected').map((r) => r.reason.message);
  return {
    wallMs,
    allAnsweredMs: Math.max(...completed.map((r) => r.value.answeredAt)) - startedAt,
    completed: completed.length,
    errors,
    peakStreaming: peakOverlap(completed.map((r) => ({ from: r.value.firstDeltaAt, to: r.value.endedAt }))),
    firstTokenMs: completed.map((r) => r.value.ms),
  };
}

/** 3. A hundred new conversations at once on a team with points for ten; the replies are then awaited. */
async function scarcePoints(product, scarce) {
  const results = await Promise.allSettled(
    Array.from({ length: SCARCE_SENDS }, (_, i) =>
      call(product.url, scarce.user.token, '/api/chat/agent-send-message', {
        agent_id: scarce.agentId,
        content: `scarce ${i}`,
      }),
    ),
  );
  const sent = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const refusals = results.filter((r) => r.status === 'rejected').map((r) => r.reason.code);
  // The ten replies end before the ledger is read: a failed one would show as a refund.
  for (const { conversation_id } of sent) {
    const deadline = performance.now() + REPLY_TIMEOUT_MS;
    for (;;) {
      const { data } = await call(
        product.url,
        scarce.user.token,
        `/api/chat/get-conversation-messages?conversation_id=${conversation_id}&page=1&page_size=10`,
      );
      if (data.every((m) => m.status !== 'streaming')) break;
      if (performance.now() > deadline) throw new Error(`${conversation_id}: reply still streaming`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return {
    succeeded: sent.length,
    // Quota spent (2001) once the balance is 0; too few points (2004) while some are left.
    refusedForPoints: refusals.filter((code) => POINTS_REFUSALS.includes(code)).length,
    otherRefusals: refusals.filter((code) => !POINTS_REFUSALS.includes(code)),
  };
}

/**
 * Per team: the balance, the ledger's debits, refunds and sum, messages debited twice, and how its
 * replies ended; read from the product's database once it is stopped.
 */
async function ledgerOf(database, teamIds) {
  const db = await openSql(...database);
  const { rows } = await db.query(
    `select t.team_id as "teamId", t.balance, l.debits, l.refunds, l.net, l."doubleDebits", r.done, r.failed
     from team_points t,
     lateral (select count(*) filter (where reason = 'chat_reply')::int as debits,
                     count(*) filter (where reason = 'chat_refund')::int as refunds,
                     coalesce(sum(points), 0)::int as net,
                     (count(*) filter (where reason = 'chat_reply')
                       - count(distinct message_id) filter (where reason = 'chat_reply'))::int as "doubleDebits"
              from points_ledger where team_id = t.team_id) l,
     lateral (select count(*) filter (where m.status = 'done')::int as done,
                     count(*) filter (where m.status <> 'done')::int as failed
              from chat_messages m join conversations c on c.id = m.conversation_id
              where c.team_id = t.team_id and m.role = 'assistant') r
     where t.team_id = any($1)`,
    [teamIds],
  );
  await db.close();
  return new Map(rows.map((row) => [row.teamId, row]));
}

/**
 * Accounts and agents on the fake models through the product's calls, on a start with the dev outbox;
 * then, the product stopped, the conversations and balances written into its database.
 */
async function prepare(productEnv, databaseUrl) {
  const setup = await startProduct(
    { ...productEnv, NODE_ENV: 'test', CODES_PER_IP_PER_HOUR: '1000' },
    { isServerOnly: true },
  );
  let accounts;
  try {
    // One team per user: the latency one, CROWD_TEAMS for the crowd, and the scarce one.
    const models = [FAST_MODEL, ...Array(CROWD_TEAMS).fill(SLOW_MODEL), FAST_MODEL];
    accounts = await Promise.all(
      models.map(async (modelName, n) => {
        const user = await registerUser(setup.url, n);
        return { user, agentId: await publishedAgent(setup.url, user.token, modelName) };
      }),
    );
  } finally {
    await setup.stop();
  }
  const latency = { ...accounts[0], id: 'bench-latency' };
  const scarce = accounts.at(-1);
  const crowd = Array.from({ length: CROWD }, (_, i) => ({
    ...accounts[1 + (i % CROWD_TEAMS)],
    id: `bench-crowd-${i}`,
  }));
  const crowdTeams = [...new Set(crowd.map((c) => c.user.teamId))];
  const database = [setup.dataDir, databaseUrl];
  await seed(
    database,
    [latency, ...crowd],
    [
      [latency.user.teamId, 10 * (WARM_UP + SAMPLES)],
      ...crowdTeams.map((teamId) => [teamId, CROWD_BALANCE]),
      [scarce.user.teamId, SCARCE_POINTS],
    ],
  );
  return { database, latency, crowd, crowdTeams, scarce };
}

/** The server's memory once the replies and their saves are over: idle a second, nothing in flight. */
async function settledRss(product) {
  await sleep(1000);
  return rssMegabytes(product.child.pid);
}

/** The figures, and what does not hold of the ledger (the run then fails). */
function report({ ttft, crowdResult, scarceResult, ledger, crowdTeams, scarceTeam }) {
  const problems = [];
  const directP50 = percentile(ttft.direct, 50);
  const platformP50 = percentile(ttft.platform, 50);
  const directP99 = percentile(ttft.direct, 99);
  const platformP99 = percentile(ttft.platform, 99);
  figure('chat_first_token_direct_p50', directP50, 'ms');
  figure('chat_first_token_direct_p99', directP99, 'ms');
  figure('chat_first_token_platform_p50', platformP50, 'ms');
  figure('chat_first_token_platform_p99', platformP99, 'ms');
  figure('chat_first_token_added_p50', platformP50 - directP50, 'ms');
  figure('chat_first_token_added_p99', platformP99 - directP99, 'ms');

  // No lost points: one debit per reply, a refund for each that failed, and the balance is the
  // starting one plus the ledger.
  const crowdRows = crowdTeams.map((teamId) => ledger.get(teamId));
  const isCrowdLedgerRight = crowdRows.every(
    (row) =>
      row.debits === row.done + row.failed &&
      row.doubleDebits === 0 &&
      row.refunds === row.failed &&
      row.balance === CROWD_BALANCE + row.net,
  );
  const total = (key) => crowdRows.reduce((sum, row) => sum + row[key], 0);
  figure('chat_concurrent_500_wall', crowdResult.wallMs / 1000, 's');
  figure('chat_concurrent_500_sends_answered', crowdResult.allAnsweredMs / 1000, 's');
  figure('chat_concurrent_500_completed', crowdResult.completed, `of ${CROWD}`);
  figure('chat_concurrent_500_errors', crowdResult.errors.length, '');
  figure('chat_concurrent_500_peak_streaming', crowdResult.peakStreaming, 'replies');
  figure('chat_concurrent_500_first_token_p50', percentile(crowdResult.firstTokenMs, 50), 'ms');
  figure('chat_concurrent_500_first_token_p99', percentile(crowdResult.firstTokenMs, 99), 'ms');
  figure('chat_concurrent_500_debits', total('debits'), '');
  figure('chat_concurrent_500_refunds', total('refunds'), '');
  figure('chat_concurrent_500_ledger', isCrowdLedgerRight ? 'balanced' : 'WRONG', '');
  if (crowdResult.errors.length > 0) problems.push(`crowd errors: ${crowdResult.errors.slice(0, 3)}`);
  if (crowdResult.completed !== CROWD) problems.push(`crowd: ${crowdResult.completed} of ${CROWD} replies`);
  if (!isCrowdLedgerRight) problems.push(`crowd ledger: ${JSON.stringify(crowdRows)}`);

  const scarceRow = ledger.get(scarceTeam);
  figure('chat_scarce_100_succeeded', scarceResult.succeeded, `of ${SCARCE_SENDS}`);
  figure('chat_scarce_100_refused_for_points', scarceResult.refusedForPoints, '');
  figure('chat_scarce_100_debits', scarceRow.debits, '');
  figure('chat_scarce_100_refunds', scarceRow.refunds, '');
  figure('chat_scarce_100_balance_left', scarceRow.balance, 'points');
  if (
    scarceResult.succeeded !== SCARCE_POINTS ||
    scarceResult.refusedForPoints !== SCARCE_SENDS - SCARCE_POINTS ||
    scarceRow.debits !== SCARCE_POINTS ||
    scarceRow.done !== SCARCE_POINTS ||
    scarceRow.refunds !== 0 ||
    scarceRow.balance !== 0
  ) {
    problems.push(`scarce: ${JSON.stringify({ ...scarceResult, ...scarceRow })}`);
  }
  return problems;
}

await ensureBuilt();
const model = await startFakeModel();
const postgres = isOnPostgres
  ? await (await tsImport('../apps/server/test/postgres-server.ts', import.meta.url)).startPostgres()
  : undefined;
let problems = [];
try {
  const productEnv = {
    LOG_LEVEL: 'warn',
    LLM_BASE_URL: model.baseUrl,
    LLM_PROVIDER_NAME: 'Benchmark model server',
    LLM_MODELS: `${FAST_MODEL}=1,${SLOW_MODEL}=1`,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const { database, latency, crowd, crowdTeams, scarce } = await prepare(productEnv, postgres?.url);
  const profileDir = process.env.BENCH_CHAT_CPU_PROF;
  const product = await startProduct(
    { ...productEnv, NODE_ENV: 'production', DATA_DIR: database[0] },
    {
      isServerOnly: true,
      isLogShown: true,
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    },
  );
  let ttft;
  const memory = {};
  let crowdResult;
  let scarceResult;
  try {
    ttft = await timeToFirstToken(product, model.baseUrl, latency);
    memory.rest = await settledRss(product);
    crowdResult = await crowdOfReplies(product, crowd);
    memory.after500 = await settledRss(product);
    scarceResult = await scarcePoints(product, scarce);
  } finally {
    await product.stop();
  }
  const ledger = await ledgerOf(database, [...crowdTeams, scarce.user.teamId]);
  figure('chat_database', postgres ? 'postgres' : 'pglite', '');
  figure('chat_rss_rest_mb', memory.rest, 'MB');
  figure('chat_rss_after_500_mb', memory.after500, 'MB');
  problems = report({ ttft, crowdResult, scarceResult, ledger, crowdTeams, scarceTeam: scarce.user.teamId });
} finally {
  postgres?.stop();
  await model.stop();
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
