// Figure: a project's catalogue of 10,000 documents (100 groups of 10 subgroups of 8 documents, and
// 900 at the root) listed by get-doc-tree, p95 latency over one request at a time (the goal:
// under 50 ms) and its server CPU time, which a busy machine does not inflate; and the first listing
// after a change (a rename), which reads the catalogue afresh rather than from the server's cache.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, figure, ROOT, registerUser, startProduct } from './support.mjs';

const GROUPS = 100;
const SUBGROUPS_EACH = 10;
const DOCS_EACH = 8;
const ROOT_DOCS = 900;
const REQUESTS = 200;
const CHANGES = 30;

const require = createRequire(join(ROOT, 'apps/server/package.json'));
const { PGlite } = await import(require.resolve('@electric-sql/pglite'));

async function api(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The catalogue, written straight into the stopped product's database. */
async function seed(dataDir, projectId) {
  const db = new PGlite(join(dataDir, 'db'));
  await db.exec(`
    insert into documents (uniq_code, project_id, parent_id, kind, name, sort)
      select 'bench-g-' || i, ${projectId}, null, 'group', 'Chapter ' || i, i
      from generate_series(1, ${GROUPS}) as i;
    insert into documents (uniq_code, project_id, parent_id, kind, name, sort)
      select 'bench-s-' || g.id || '-' || j, ${projectId}, g.id, 'group', g.name || ' part ' || j, j
      from documents g, generate_series(1, ${SUBGROUPS_EACH}) as j
      where g.project_id = ${projectId} and g.parent_id is null;
    insert into documents (uniq_code, project_id, parent_id, kind, name, sort)
      select 'bench-d-' || s.id || '-' || k, ${projectId}, s.id, 'doc', s.name || ' page ' || k, k
      from documents s, generate_series(1, ${DOCS_EACH}) as k
      where s.project_id = ${projectId} and s.parent_id is not null;
    insert into documents (uniq_code, project_id, parent_id, kind, name, sort)
      select 'bench-r-' || i, ${projectId}, null, 'doc', 'Note ' || i, ${GROUPS} + i
      from generate_series(1, ${ROOT_DOCS}) as i;
    analyze;
  `);
  const { rows } = await db.query(`select count(*)::int as n from documents where project_id = ${projectId}`);
  await db.close();
  return rows[0].n;
}

/**
 * CPU time the server process has used, in ms (utime + stime from /proc, in clock ticks of 10 ms): a
 * figure that a busy machine does not inflate the way it does latency.
 */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const countNodes = (nodes) => nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);

await ensureBuilt();
const first = await startProduct({ NODE_ENV: 'test', LOG_LEVEL: 'warn' });
const token = await registerUser(first.url);
await api(first.url, token, 'POST', '/api/team/create-team', { name: 'Benchmark Docs', industry_id: 101 });
const { id: projectId } = await api(first.url, token, 'POST', '/api/project/create-project', {
  name: 'Handbook',
  cover: 'gallery:work/1',
});
await first.stop();
const seeded = await seed(first.dataDir, projectId);

const product = await startProduct({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: first.dataDir });
try {
  const path = `/api/knowledge/get-doc-tree?project_id=${projectId}`;
  const tree = await api(product.url, token, 'GET', path);
  if (countNodes(tree) !== seeded)
    throw new Error(`seeded ${seeded} documents, the tree has ${countNodes(tree)}`);
  for (let i = 0; i < 20; i++) await api(product.url, token, 'GET', path); // warm-up
  const times = [];
  let bytes = 0;
  const cpuBefore = cpuMs(product.child.pid);
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await fetch(`${product.url}${path}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
    });
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  const cpuPerRequest = (cpuMs(product.child.pid) - cpuBefore) / REQUESTS;
  // The first listing after a change reads and assembles the catalogue afresh.
  const afterChange = [];
  const renamed = tree.at(-1).id;
  for (let i = 0; i < CHANGES; i++) {
    await api(product.url, token, 'POST', '/api/knowledge/rename-doc', { id: renamed, name: `Note ${i}` });
    const started = performance.now();
    await api(product.url, token, 'GET', path);
    afterChange.push(performance.now() - started);
  }
  afterChange.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  figure('doc_tree_documents', seeded, '');
  figure('doc_tree_answer', bytes / 1024, 'KB');
  figure('doc_tree_p50', percentile(times, 50), 'ms');
  figure('doc_tree_p95', percentile(times, 95), 'ms');
  figure('doc_tree_max', times[times.length - 1], 'ms');
  figure('doc_tree_server_cpu_per_request', cpuPerRequest, 'ms');
  figure('doc_tree_after_change_p50', percentile(afterChange, 50), 'ms');
  figure('doc_tree_after_change_p95', percentile(afterChange, 95), 'ms');
} finally {
  await product.stop();
}
