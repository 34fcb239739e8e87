// Figures of knowledge search on the server's own functions, no HTTP, on an in-memory
// PGlite and, when PostgreSQL is installed, on a throwaway PostgreSQL server:
// 1. indexing throughput: documents' stored Yjs states chunked and written by `indexDocument`, in
//    chunks a second;
// 2. search latency: `searchProject` over one project of 100,000 chunks (BENCH_KNOWLEDGE_CHUNKS),
//    p50 and p95 of the labelled questions below, one at a time (goal: p95 under 50 ms);
// 3. hit@5: the share of at least 200 questions, half Chinese and half English, whose document is
//    among the first five results (goal: 0.8 or more), of all of them and of each language apart
//    (`_hit_at_5_zh`, `_hit_at_5_en`), so one language's misses do not hide in the other's hits. The
//    corpus is generated: documents each about one made-up project (its team, budget, tools, risks),
//    worded from templates, and meeting notes that mention several projects in passing as
//    distractors; each question asks about one fact of one project in other words than its document
//    uses.
// 4. hybrid search: every chunk embedded by the test embedder (apps/server/test/fake-llm/embeddings.ts,
//    in this process: the figures are the database's and the server's, not a model's), vectors
//    written as the embedding worker writes them (vectors a second), then the same questions through
//    `searchProject` with full text and vectors fused: p50/p95 and hit@5 for each way of comparing
//    vectors the database offers (pgvector and the server's own on PGlite, the server's on PostgreSQL).
// On PGlite, which runs in the benchmark's process, `_cpu_p95` is the CPU time a search takes: a
// figure a busy machine does not inflate as it does wall-clock latency.
// BENCH_KNOWLEDGE_DATABASES=pglite (or postgres) runs one database only; BENCH_KNOWLEDGE_HYBRID=0
// leaves out 4.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { figure, ROOT } from './support.mjs';

const TARGET_CHUNKS = Number(process.env.BENCH_KNOWLEDGE_CHUNKS ?? 100_000);
const QUESTIONS_EACH_LANGUAGE = 150;
const INDEXED_DOCS = Math.min(300, Math.max(20, Math.round(TARGET_CHUNKS / 300)));
const DATABASES = (process.env.BENCH_KNOWLEDGE_DATABASES ?? 'pglite,postgres').split(',');
const IS_HYBRID = process.env.BENCH_KNOWLEDGE_HYBRID !== '0';

// The server's TypeScript modules, loaded once each (one Yjs, one ProseMirror) as the server loads them.
register();
const server = (path) => import(join(ROOT, 'apps/server/src', path));
const { openDatabase } = await server('db/client.ts');
const { chunkDocument } = await server('modules/knowledge/chunking.ts');
const { indexDocument, replaceChunks } = await server('modules/knowledge/indexing.ts');
const { searchProject } = await server('modules/knowledge/search.ts');
const { jsonToState } = await server('modules/document/document-content.ts');
const { detectVectorBackend, ensureVectorIndex, normalized, writeEmbeddings } = await server(
  'modules/knowledge/vector-store.ts',
);
const { useVectorSearch } = await server('modules/knowledge/hybrid-search.ts');
const { chunkHashSql, embeddingTextOf } = await server('modules/knowledge/embedding-worker.ts');
const { fakeEmbedding } = await import(join(ROOT, 'apps/server/test/fake-llm/embeddings.ts'));
const { sql } = await import(join(ROOT, 'node_modules/drizzle-orm/index.js'));

/** A seeded pseudo-random generator (mulberry32): the same corpus and questions on every run. */
function randomFrom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(next() * list.length)];
  return { next, pick, int: (min, max) => min + Math.floor(next() * (max - min + 1)) };
}

const EN = {
  syllables: 'ka lo mir ten va sor quin dal bre fo nu ras tel gow pim zan hek lu dro mes'.split(' '),
  kinds: ['research programme', 'product line', 'field study', 'data platform', 'pilot project'],
  departments: ['finance', 'logistics', 'marketing', 'engineering', 'legal', 'design', 'sales'],
  cities: ['Lisbon', 'Osaka', 'Denver', 'Nairobi', 'Oslo', 'Lima', 'Perth', 'Tallinn'],
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  months: ['January', 'March', 'May', 'July', 'September', 'November'],
  people: ['Ada Byrne', 'Ravi Menon', 'Lena Park', 'Tomas Ruiz', 'Mei Chen', 'Omar Haddad'],
  tools: ['Kubernetes', 'Tableau', 'Jira', 'Figma', 'Airflow', 'Salesforce', 'Grafana'],
  purposes: ['scheduling', 'reporting', 'forecasting', 'prototyping', 'monitoring', 'billing'],
  stores: ['a shared drive', 'the archive server', 'an S3 bucket', 'the wiki'],
  risks: ['supplier delays', 'staff turnover', 'currency swings', 'data loss', 'scope creep'],
  fallbacks: ['a second supplier', 'cross-training', 'hedging contracts', 'nightly backups'],
  filler: [
    'Several colleagues shared updates on hiring and office moves.',
    'The group agreed to revisit the open questions next quarter.',
    'Minutes were taken and circulated to everyone who attended.',
    'A short discussion covered travel policy and expense claims.',
    'Attendance was good, and the meeting ended on time.',
    'New starters were welcomed and introduced to the wider team.',
  ],
};
const ZH = {
  chars: '星河青松远山明月云海金石春风秋水晨光长虹白鹭红枫雪原银杏竹林玉兰朝阳'.split(''),
  departments: ['财务部', '物流部', '市场部', '研发部', '法务部', '设计部', '销售部'],
  cities: ['上海', '成都', '深圳', '杭州', '武汉', '西安', '南京', '厦门'],
  weekdays: ['一', '二', '三', '四', '五'],
  people: ['王芳', '李强', '张伟', '刘洋', '陈静', '赵磊'],
  tools: ['飞书', '钉钉', '企业微信', '用友', '金蝶', '石墨文档'],
  purposes: ['排期', '报表', '预测', '原型设计', '监控', '结算'],
  stores: ['共享盘', '档案服务器', '对象存储', '知识库'],
  risks: ['供应商延期', '人员流失', '汇率波动', '数据丢失', '需求蔓延'],
  fallbacks: ['备用供应商', '交叉培训', '套期保值', '每日备份'],
  filler: [
    '几位同事介绍了招聘和办公室搬迁的进展。',
    '大家同意下个季度再讨论尚未解决的问题。',
    '会议记录已经整理好并发给了所有参会人员。',
    '会上简单讨论了差旅政策和费用报销流程。',
    '本次会议出席情况良好，并且按时结束。',
    '新同事做了自我介绍，大家表示欢迎。',
  ],
};

const text = (value) => ({ type: 'text', text: value });
const heading = (level, value) => ({ type: 'heading', attrs: { level }, content: [text(value)] });
const paragraph = (value) => ({ type: 'paragraph', content: [text(value)] });

/** The corpus: documents (name, ProseMirror JSON) and questions naming the document they are about. */
function corpus(targetChunks) {
  const r = randomFrom(15);
  const factDocs = Math.max(60, Math.round((targetChunks * 0.3) / 7));
  const enNames = new Set();
  while (enNames.size < factDocs / 2) {
    const name = Array.from({ length: 3 }, () => r.pick(EN.syllables)).join('');
    enNames.add(name[0].toUpperCase() + name.slice(1));
  }
  const zhNames = new Set();
  while (zhNames.size < factDocs / 2)
    zhNames.add(`${r.pick(ZH.chars)}${r.pick(ZH.chars)}${r.pick(ZH.chars)}`);
  const entities = [
    ...[...enNames].map((name) => ({ language: 'en', name })),
    ...[...zhNames].map((name) => ({ language: 'zh', name: `${name}计划` })),
  ];
  const pad = (filler, n) => Array.from({ length: n }, () => r.pick(filler)).join(' ');
  const docs = [];
  const questions = [];
  for (const entity of entities) {
    const { name } = entity;
    if (entity.language === 'en') {
      const f = {
        kind: r.pick(EN.kinds),
        department: r.pick(EN.departments),
        city: r.pick(EN.cities),
        year: r.int(2001, 2024),
        weekday: r.pick(EN.weekdays),
        room: r.int(100, 999),
        lead: r.pick(EN.people),
        amount: r.int(10, 900) * 1000,
        month: r.pick(EN.months),
        tool: r.pick(EN.tools),
        purpose: r.pick(EN.purposes),
        store: r.pick(EN.stores),
        risk: r.pick(EN.risks),
        fallback: r.pick(EN.fallbacks),
      };
      docs.push({
        name: `${name} handbook`,
        json: {
          type: 'doc',
          content: [
            heading(1, `${name} overview`),
            paragraph(
              `${name} is a ${f.kind} run by the ${f.department} department. It started in ${f.year} in ${f.city}. ${pad(EN.filler, 3)}`,
            ),
            heading(2, 'Team'),
            paragraph(
              `The ${name} team meets every ${f.weekday} in room ${f.room}. The lead is ${f.lead}. ${pad(EN.filler, 4)}`,
            ),
            heading(2, 'Budget'),
            paragraph(
              `The yearly budget of ${name} is ${f.amount} dollars, reviewed each ${f.month}. ${pad(EN.filler, 4)}`,
            ),
            heading(2, 'Tools'),
            paragraph(
              `${name} relies on ${f.tool} for ${f.purpose} and keeps its records in ${f.store}. ${pad(EN.filler, 4)}`,
            ),
            heading(2, 'Risks'),
            paragraph(
              `The main risk for ${name} is ${f.risk}; the fallback plan is ${f.fallback}. ${pad(EN.filler, 4)}`,
            ),
          ],
        },
      });
      questions.push(
        ...[
          `Which weekday does the ${name} team get together?`,
          `How big is the yearly budget for ${name}?`,
          `Which tool does ${name} use for ${f.purpose}?`,
          `What is the main risk facing ${name}?`,
          `Which department is in charge of ${name}?`,
        ].map((question) => ({ question, docName: `${name} handbook`, language: 'en' })),
      );
    } else {
      const f = {
        department: r.pick(ZH.departments),
        city: r.pick(ZH.cities),
        year: r.int(2001, 2024),
        weekday: r.pick(ZH.weekdays),
        room: r.int(100, 999),
        lead: r.pick(ZH.people),
        amount: r.int(10, 900),
        month: r.int(1, 12),
        tool: r.pick(ZH.tools),
        purpose: r.pick(ZH.purposes),
        store: r.pick(ZH.stores),
        risk: r.pick(ZH.risks),
        fallback: r.pick(ZH.fallbacks),
      };
      docs.push({
        name: `${name}手册`,
        json: {
          type: 'doc',
          content: [
            heading(1, `${name}概况`),
            paragraph(`${name}由${f.department}负责，于${f.year}年在${f.city}启动。${pad(ZH.filler, 4)}`),
            heading(2, '团队'),
            paragraph(
              `${name}的团队每周${f.weekday}在${f.room}号会议室开会，负责人是${f.lead}。${pad(ZH.filler, 5)}`,
            ),
            heading(2, '预算'),
            paragraph(`${name}的年度预算为${f.amount}万元，每年${f.month}月复核。${pad(ZH.filler, 5)}`),
            heading(2, '工具'),
            paragraph(`${name}使用${f.tool}进行${f.purpose}，资料保存在${f.store}。${pad(ZH.filler, 5)}`),
            heading(2, '风险'),
            paragraph(`${name}的主要风险是${f.risk}，备用方案是${f.fallback}。${pad(ZH.filler, 5)}`),
          ],
        },
      });
      questions.push(
        ...[
          `${name}的团队星期几碰头？`,
          `${name}每年的预算有多少？`,
          `${name}做${f.purpose}用的是什么工具？`,
          `${name}最大的风险是什么？`,
          `哪个部门管${name}？`,
        ].map((question) => ({ question, docName: `${name}手册`, language: 'zh' })),
      );
    }
  }
  // Meeting notes: long, generic, each naming a few projects in passing.
  let notes = 0;
  const factChunks = docs.reduce((sum, doc) => sum + chunkDocument(doc.json).length, 0);
  let chunks = factChunks;
  while (chunks < targetChunks) {
    const isEnglish = notes % 2 === 0;
    const sections = Array.from({ length: 8 }, (_, i) => {
      const mentioned = Array.from({ length: 2 }, () => r.pick(entities).name);
      const body = isEnglish
        ? `${pad(EN.filler, 6)} Progress on ${mentioned[0]} and ${mentioned[1]} was noted. ${pad(EN.filler, 6)}`
        : `${pad(ZH.filler, 8)}会上提到了${mentioned[0]}和${mentioned[1]}的进展。${pad(ZH.filler, 8)}`;
      return [heading(2, isEnglish ? `Item ${i + 1}` : `议题${i + 1}`), paragraph(body)];
    }).flat();
    const doc = {
      name: isEnglish ? `Meeting notes ${notes}` : `会议纪要${notes}`,
      json: { type: 'doc', content: sections },
    };
    chunks += chunkDocument(doc.json).length;
    docs.push(doc);
    notes++;
  }
  const pickQuestions = (language) => {
    const pool = questions.filter((q) => q.language === language);
    return Array.from(
      { length: Math.min(QUESTIONS_EACH_LANGUAGE, pool.length) },
      (_, i) => pool[Math.floor((i * pool.length) / QUESTIONS_EACH_LANGUAGE)],
    );
  };
  return { docs, questions: [...pickQuestions('en'), ...pickQuestions('zh')] };
}

const rowsOf = (result) => result.rows;
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run(database, label, data) {
  const { db } = database;
  await database.migrate();
  const [user] = rowsOf(await db.execute(sql`insert into users (user_name) values ('bench') returning id`));
  const [team] = rowsOf(
    await db.execute(sql`insert into teams (name, owner_id) values ('Bench', ${user.id}) returning id`),
  );
  const [project] = rowsOf(
    await db.execute(sql`insert into projects (uniq_code, team_id, owner_id, name, cover)
      values ('bench-knowledge', ${team.id}, ${user.id}, 'Knowledge', 'random:x') returning id`),
  );
  const place = { projectId: Number(project.id), teamId: Number(team.id) };
  const ids = [];
  for (let start = 0; start < data.docs.length; start += 1000) {
    const batch = data.docs.slice(start, start + 1000);
    const values = sql.join(
      batch.map(
        (doc, i) =>
          sql`(${`bench-${start + i}`}, ${place.projectId}::integer, 'doc', ${doc.name}, ${start + i}::integer)`,
      ),
      sql`, `,
    );
    const inserted = await db.execute(
      sql`insert into documents (uniq_code, project_id, kind, name, sort) values ${values} returning id`,
    );
    ids.push(...rowsOf(inserted).map((row) => Number(row.id)));
  }

  // 1. Indexing throughput, through stored Yjs states as the server indexes them.
  const indexed = ids.slice(0, INDEXED_DOCS);
  for (const [i, id] of indexed.entries()) {
    const state = jsonToState(data.docs[i].json);
    await db.execute(
      sql`insert into document_states (document_id, state, byte_size) values (${id}, ${state}, ${state.byteLength})`,
    );
  }
  const indexStarted = performance.now();
  for (const id of indexed) {
    const outcome = await indexDocument(db, id);
    if (outcome !== 'ready') throw new Error(`document ${id}: ${outcome}`);
  }
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  const [{ n: indexedChunks }] = rowsOf(
    await db.execute(sql`select count(*)::int as n from knowledge_chunks`),
  );

  // The rest of the corpus: chunks written as indexing writes them, without the Yjs round trip.
  for (let start = INDEXED_DOCS; start < ids.length; start += 200) {
    await db.transaction(async (tx) => {
      for (let i = start; i < Math.min(start + 200, ids.length); i++) {
        await replaceChunks(tx, ids[i], place, chunkDocument(data.docs[i].json));
      }
    });
  }
  await db.execute(sql`analyze`);
  const [{ n: chunks }] = rowsOf(await db.execute(sql`select count(*)::int as n from knowledge_chunks`));

  // 2 and 3. Latency and hit@5 of the labelled questions.
  const result = await askAll(db, place.projectId, data.questions);
  figure(`knowledge_${label}_chunks`, chunks, '');
  figure(`knowledge_${label}_index_chunks_per_s`, indexedChunks / indexSeconds, 'chunks/s');
  figure(`knowledge_${label}_search_p50`, result.p50, 'ms');
  figure(`knowledge_${label}_search_p95`, result.p95, 'ms');
  // PGlite runs in this process: the CPU a search takes, whatever else the machine is doing.
  if (label === 'pglite') figure(`knowledge_${label}_search_cpu_p95`, result.cpuP95, 'ms');
  hitFigures(`knowledge_${label}`, result);
  if (IS_HYBRID) await runHybrid(database, label, data, place);
}

/** hit@5 of all the questions, then of the Chinese and the English ones apart. */
function hitFigures(prefix, result) {
  figure(`${prefix}_hit_at_5`, result.hitAt5, '');
  for (const [language, share] of Object.entries(result.hitAt5ByLanguage)) {
    figure(`${prefix}_hit_at_5_${language}`, share, '');
  }
}

/** The questions through search: latency percentiles and hit@5, of all and of each language. */
async function askAll(db, projectId, questions) {
  for (const { question } of questions.slice(0, 20)) await searchProject(db, projectId, question, 10);
  const times = [];
  const cpuTimes = [];
  const hits = { zh: { hit: 0, asked: 0 }, en: { hit: 0, asked: 0 } };
  for (const { question, docName, language } of questions) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const results = await searchProject(db, projectId, question, 10);
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - started);
    cpuTimes.push((used.user + used.system) / 1000);
    hits[language].asked++;
    if (results.slice(0, 5).some((result) => result.doc_name === docName)) hits[language].hit++;
  }
  const all = Object.values(hits);
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    cpuP95: percentile(cpuTimes, 95),
    hitAt5: all.reduce((sum, each) => sum + each.hit, 0) / questions.length,
    hitAt5ByLanguage: Object.fromEntries(
      Object.entries(hits).map(([language, each]) => [language, each.hit / each.asked]),
    ),
  };
}

/** 4. Every chunk embedded and written as the worker writes them; then hybrid search, per back end. */
async function runHybrid(database, label, data, place) {
  const { db } = database;
  const [provider] = rowsOf(
    await db.execute(sql`insert into model_providers (name, kind, base_url)
      values ('Bench', 'openai-compatible', 'http://127.0.0.1:9/v1') returning id`),
  );
  const [modelRow] = rowsOf(
    await db.execute(sql`insert into models (provider_id, name, model_key, type)
      values (${provider.id}, 'Bench embedder', 'test-embed', 'embedding') returning id`),
  );
  const model = { id: Number(modelRow.id), name: 'Bench embedder', modelKey: 'test-embed' };
  const embed = (texts) => texts.map((text) => Float32Array.from(fakeEmbedding(text)));
  const available = await detectVectorBackend(db, 'auto');
  const started = performance.now();
  // As the worker does before it writes the model's first vectors (pgvector only).
  if (available === 'pgvector') await ensureVectorIndex(db, model, fakeEmbedding('').length);
  let vectors = 0;
  for (let after = 0; ; ) {
    const chunks = rowsOf(
      await db.execute(sql`select document_id as "documentId", heading, text, ${chunkHashSql} as hash
        from knowledge_chunks where document_id > ${after} and document_id <= ${after + 200}
        order by document_id, ordinal`),
    );
    const [{ last }] = rowsOf(await db.execute(sql`select max(document_id) as last from knowledge_chunks`));
    const byDocument = new Map();
    for (const chunk of chunks) {
      const id = Number(chunk.documentId);
      byDocument.set(id, [...(byDocument.get(id) ?? []), chunk]);
    }
    await db.transaction(async (tx) => {
      for (const [documentId, list] of byDocument) {
        const unique = [...new Map(list.map((chunk) => [chunk.hash, chunk])).values()];
        const made = embed(unique.map(embeddingTextOf));
        await writeEmbeddings(
          tx,
          available,
          { documentId, projectId: place.projectId, model },
          unique.map((chunk, i) => ({ chunkHash: chunk.hash, vector: normalized(made[i]) })),
        );
        vectors += unique.length;
      }
    });
    after += 200;
    if (after >= Number(last)) break;
  }
  const seconds = (performance.now() - started) / 1000;
  await db.execute(sql`analyze knowledge_embeddings`);
  figure(`knowledge_${label}_vectors`, vectors, '');
  figure(`knowledge_${label}_vector_write_per_s`, vectors / seconds, 'vectors/s');
  const embeddings = {
    activeModel: async () => model,
    embed: async (_model, texts) => embed(texts),
    testConnection: async () => ({ ok: true, message: '', latencyMs: 0 }),
    invalidate() {},
  };
  const log = { warn() {}, info() {}, error() {}, debug() {} };
  for (const backend of available === 'pgvector' ? ['pgvector', 'array'] : ['array']) {
    const forget = useVectorSearch(db, { embeddings, backend: async () => backend, log });
    try {
      const result = await askAll(db, place.projectId, data.questions);
      figure(`knowledge_${label}_hybrid_${backend}_search_p50`, result.p50, 'ms');
      figure(`knowledge_${label}_hybrid_${backend}_search_p95`, result.p95, 'ms');
      if (label === 'pglite')
        figure(`knowledge_${label}_hybrid_${backend}_search_cpu_p95`, result.cpuP95, 'ms');
      hitFigures(`knowledge_${label}_hybrid_${backend}`, result);
    } finally {
      forget();
    }
  }
}

const data = corpus(TARGET_CHUNKS);
figure('knowledge_documents', data.docs.length, '');
figure('knowledge_questions', data.questions.length, '');
if (DATABASES.includes('pglite')) {
  const database = openDatabase({ kind: 'pglite' });
  try {
    await run(database, 'pglite', data);
  } finally {
    await database.close();
  }
}
if (DATABASES.includes('postgres')) {
  if (!existsSync('/usr/lib/postgresql'))
    console.log('knowledge_postgres: skipped (PostgreSQL is not installed)');
  else {
    const { startPostgres } = await import(join(ROOT, 'apps/server/test/postgres-server.ts'));
    const postgres = await startPostgres();
    const database = openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 4 });
    try {
      await run(database, 'postgres', data);
    } finally {
      await database.close();
      postgres.stop();
    }
  }
}
