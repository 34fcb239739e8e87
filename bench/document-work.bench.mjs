// Figures of heavy document work on the built server (NODE_ENV=production, PGlite): while one team runs
// a 12 MB Markdown import, a 5 MiB Markdown save-online-doc and a PDF bomb (72 KB whose one content
// stream inflates to 20 MB) one after the other, another team's `/api/health` latency and chat first
// token (the fake model, as chat.bench.mjs) are sampled and the server's resident memory is read
// (goals: health p99 < 200 ms, first token p99 < 300 ms, RSS < 1.2 GB). Then a 1 MB document's get-doc,
// cold and warm (goal: warm < 300 ms). Accounts are made on a first start with the dev outbox
// (NODE_ENV=test); points are written into its stopped database; the figures come from a second start.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  call,
  ensureBuilt,
  figure,
  percentile,
  publishedAgent,
  ROOT,
  registerUser,
  rssMegabytes,
  sleep,
  startFakeModel,
  startProduct,
  subscribeChat,
} from './support.mjs';

const FAST_MODEL = 'bench-fast';
const HEALTH_EVERY_MS = 50;
const RSS_EVERY_MS = 200;
const GET_DOC_SAMPLES = 20;
const PARAGRAPH = 'A paragraph with **bold**, *italic* and a [link](https://example.com/page).';
const require = createRequire(join(ROOT, 'apps/server/package.json'));

/** Markdown of at most `bytes`: one paragraph with bold, italic and a link, again and again. */
const markdownOf = (bytes) => `${PARAGRAPH}\n\n`.repeat(Math.floor(bytes / (PARAGRAPH.length + 2)));

/** A one-page PDF whose content stream (text drawn line after line) inflates to `inflatedBytes`. */
function pdfBomb(inflatedBytes) {
  const line = 'BT /F1 12 Tf 72 712 Td (All work and no play makes a dull bomb.) Tj ET\n';
  const content = deflateSync(Buffer.from(line.repeat(Math.ceil(inflatedBytes / line.length))), { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts = [Buffer.from('%PDF-1.7\n')];
  const offsets = [];
  let length = parts[0].length;
  const add = (buffer) => {
    parts.push(buffer);
    length += buffer.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    add(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(length);
  add(Buffer.from(`5 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`));
  add(content);
  add(Buffer.from('\nendstream\nendobj\n'));
  const xrefAt = length;
  const xref = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  add(
    Buffer.from(
      `xref\n0 6\n0000000000 65535 f \n${xref}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A multipart upload (import-doc, upload-pdf): answers the envelope and the milliseconds it took. */
async function upload(base, token, path, projectId, name, bytes) {
  const form = new FormData();
  form.set('project_id', String(projectId));
  form.set('file', new Blob([bytes]), name);
  const startedAt = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = await response.json().catch(() => ({ code: `HTTP ${response.status}` }));
  return { status: response.status, code: answer.code, ms: performance.now() - startedAt };
}

async function post(base, token, path, body) {
  const startedAt = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({ code: `HTTP ${response.status}` }));
  return { status: response.status, code: answer.code, ms: performance.now() - startedAt, data: answer.data };
}

/** Samples until stopped: health latency, chat first token, resident memory. */
function startProbes(product, chat) {
  const health = [];
  const firstToken = [];
  const chatErrors = [];
  let rssPeak = 0;
  let isOn = true;
  const healthLoop = (async () => {
    while (isOn) {
      const startedAt = performance.now();
      await fetch(`${product.url}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - startedAt);
      await sleep(HEALTH_EVERY_MS);
    }
  })();
  const chatLoop = (async () => {
    for (let i = 0; isOn; i++) {
      try {
        firstToken.push(await chat.send(`hello number ${i}`));
      } catch (error) {
        chatErrors.push(error.message);
        await sleep(200);
      }
    }
  })();
  const rssTimer = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMegabytes(product.child.pid));
  }, RSS_EVERY_MS);
  return async () => {
    isOn = false;
    clearInterval(rssTimer);
    await Promise.all([healthLoop, chatLoop]);
    return { health, firstToken, chatErrors, rssPeak };
  };
}

/** One conversation's subscription: `send` answers the milliseconds to the reply's first delta. */
async function watchedConversation(base, token, conversationId) {
  let waiter;
  const socket = await subscribeChat(base, token, conversationId, (pub) => waiter?.(pub, performance.now()));
  return {
    socket,
    async send(content) {
      let firstAt;
      const ended = new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no reply within 60 s')), 60_000);
        waiter = (pub, at) => {
          if (pub.type === 'delta') firstAt ??= at;
          if (pub.type === 'error') reject(new Error(JSON.stringify(pub)));
          if (pub.type === 'done') {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      const sentAt = performance.now();
      await call(base, token, '/api/chat/agent-send-message', { conversation_id: conversationId, content });
      await ended;
      return firstAt - sentAt;
    },
  };
}

/** Two teams (the heavy one with a project, the chat one with an agent and a conversation). */
async function prepare(productEnv) {
  const setup = await startProduct(
    { ...productEnv, NODE_ENV: 'test', CODES_PER_IP_PER_HOUR: '1000' },
    { isServerOnly: true },
  );
  try {
    const heavy = { token: await registerUser(setup.url) };
    const chat = { token: await registerUser(setup.url) };
    chat.teamId = (await call(setup.url, chat.token, '/api/user/account')).current_team_id;
    const project = await call(setup.url, heavy.token, '/api/project/create-project', {
      name: 'Heavy work',
      cover: 'gallery:colour/1',
    });
    heavy.projectId = project.id;
    const newDoc = (name) =>
      call(setup.url, heavy.token, '/api/knowledge/create-doc', {
        project_id: project.id,
        parent_id: null,
        name,
        kind: 'doc',
      });
    heavy.saved = await newDoc('Saved 5 MiB');
    heavy.large = await newDoc('1 MB document');
    const agentId = await publishedAgent(setup.url, chat.token, FAST_MODEL);
    const first = await call(setup.url, chat.token, '/api/chat/agent-send-message', {
      agent_id: agentId,
      content: 'hello',
    });
    chat.conversationId = first.conversation_id;
    await sleep(1000);
    return { heavy, chat, dataDir: setup.dataDir };
  } finally {
    await setup.stop();
  }
}

async function givePoints(dataDir, teamId, balance) {
  const { PGlite } = await import(require.resolve('@electric-sql/pglite'));
  const db = new PGlite(join(dataDir, 'db'));
  await db.query(
    `insert into team_points (team_id, balance) values ($1, $2)
     on conflict (team_id) do update set balance = excluded.balance`,
    [teamId, balance],
  );
  await db.close();
}

await ensureBuilt();
const model = await startFakeModel();
const problems = [];
try {
  const productEnv = {
    LOG_LEVEL: 'warn',
    LLM_BASE_URL: model.baseUrl,
    LLM_PROVIDER_NAME: 'Benchmark model server',
    LLM_MODELS: `${FAST_MODEL}=1`,
  };
  const { heavy, chat, dataDir } = await prepare(productEnv);
  await givePoints(dataDir, chat.teamId, 1_000_000);
  const product = await startProduct(
    { ...productEnv, NODE_ENV: 'production', DATA_DIR: dataDir },
    { isServerOnly: true, isLogShown: true },
  );
  try {
    const conversation = await watchedConversation(product.url, chat.token, chat.conversationId);
    for (let i = 0; i < 5; i++) await conversation.send(`warm up ${i}`);
    figure('document_work_rss_rest_mb', rssMegabytes(product.child.pid), 'MB');
    const stop = startProbes(product, conversation);
    await sleep(1000);
    const outcomes = {
      import_12mb_md: await upload(
        product.url,
        heavy.token,
        '/api/knowledge/import-doc',
        heavy.projectId,
        'huge.md',
        Buffer.from(markdownOf(12 * 1024 * 1024)),
      ),
      save_5mib_md: await post(product.url, heavy.token, '/api/knowledge/save-online-doc', {
        doc_id: heavy.saved.id,
        format: 'markdown',
        content: markdownOf(5 * 1024 * 1024),
      }),
      pdf_bomb: await upload(
        product.url,
        heavy.token,
        '/api/knowledge/upload-pdf',
        heavy.projectId,
        'bomb.pdf',
        pdfBomb(20 * 1024 * 1024),
      ),
    };
    await sleep(1000);
    const probes = await stop();
    conversation.socket.terminate();
    for (const [name, outcome] of Object.entries(outcomes)) {
      figure(`document_work_${name}_ms`, outcome.ms, 'ms');
      figure(`document_work_${name}_answer`, `HTTP ${outcome.status} code ${outcome.code}`, '');
    }
    figure('document_work_pdf_bomb_size', pdfBomb(20 * 1024 * 1024).length / 1024, 'KB');
    figure('document_work_health_samples', probes.health.length, '');
    figure('document_work_health_p50', percentile(probes.health, 50), 'ms');
    figure('document_work_health_p99', percentile(probes.health, 99), 'ms');
    figure('document_work_health_max', Math.max(...probes.health), 'ms');
    figure('document_work_chat_samples', probes.firstToken.length, '');
    figure('document_work_chat_first_token_p50', percentile(probes.firstToken, 50), 'ms');
    figure('document_work_chat_first_token_p99', percentile(probes.firstToken, 99), 'ms');
    figure('document_work_chat_errors', probes.chatErrors.length, '');
    figure('document_work_rss_peak_mb', probes.rssPeak, 'MB');
    if (probes.chatErrors.length) problems.push(`chat errors: ${probes.chatErrors.slice(0, 3)}`);

    // A 1 MB document: written whole, read once (cold), then again and again (warm, from the cache).
    const oneMb = await post(product.url, heavy.token, '/api/knowledge/save-online-doc', {
      doc_id: heavy.large.id,
      format: 'markdown',
      content: markdownOf(1024 * 1024),
    });
    figure('document_work_save_1mb_md_ms', oneMb.ms, 'ms');
    figure('document_work_save_1mb_md_answer', `HTTP ${oneMb.status} code ${oneMb.code}`, '');
    const getDoc = async () => {
      const startedAt = performance.now();
      const response = await fetch(
        `${product.url}/api/knowledge/get-doc?uniq_code=${heavy.large.uniq_code}`,
        { headers: { authorization: `Bearer ${heavy.token}` } },
      );
      const answer = await response.json();
      if (answer.code !== 0) throw new Error(`get-doc: ${JSON.stringify(answer).slice(0, 200)}`);
      return { ms: performance.now() - startedAt, bytes: answer.data.markdown.length };
    };
    const cold = await getDoc();
    figure('document_work_get_doc_1mb_cold', cold.ms, 'ms');
    const warm = [];
    for (let i = 0; i < GET_DOC_SAMPLES; i++) warm.push((await getDoc()).ms);
    if (process.env.BENCH_DETAIL) console.log('get-doc warm, in order:', warm.map(Math.round).join(' '));
    figure('document_work_get_doc_1mb_warm_p50', percentile(warm, 50), 'ms');
    figure('document_work_get_doc_1mb_warm_p99', percentile(warm, 99), 'ms');
    figure('document_work_rss_end_mb', rssMegabytes(product.child.pid), 'MB');
  } finally {
    await product.stop();
  }
} finally {
  await model.stop();
}
figure(
  'document_work_goals',
  'health p99 < 200 ms, first token p99 < 300 ms, RSS < 1200 MB, get-doc warm < 300 ms',
  '',
);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
