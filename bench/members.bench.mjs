// Figure: a page of a team's member list (10,000 members, 200 departments) by p95 latency, over
// first, middle and last pages, department filters and keyword searches, one request at a time.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureBuilt, figure, ROOT, startProduct } from './support.mjs';

const MEMBERS = 10_000;
const TOP_DEPARTMENTS = 20;
const CHILDREN_EACH = 9; // 20 + 20 x 9 = 200 departments
const REQUESTS = 400;

const require = createRequire(join(ROOT, 'apps/server/package.json'));
const { PGlite } = await import(require.resolve('@electric-sql/pglite'));

async function api(base, token, method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** An owner and their team, made through the product's own calls (the code from the dev outbox). */
async function ownerAndTeam(base) {
  const email = `members-bench-${Date.now()}@example.com`;
  await api(base, null, 'POST', '/api/user/get-sys-email-code', { email, type: 1 });
  const outbox = await api(base, null, 'GET', '/api/dev/outbox?page_size=5');
  const code = outbox.data.find((m) => m.to === email).code;
  const { token } = await api(base, null, 'POST', '/api/user/register', {
    email,
    valid_code: code,
    password: 'Bench1234',
    agree: true,
  });
  const { team_id } = await api(base, token, 'POST', '/api/team/create-team', {
    name: 'Benchmark Corp',
    industry_id: 101,
  });
  return { token, teamId: team_id };
}

/** 10,000 users in the team and 200 departments, written straight into the stopped product's database. */
async function seed(dataDir, teamId) {
  const db = new PGlite(join(dataDir, 'db'));
  await db.exec(`
    insert into users (user_name, email, nick_name, password_hash)
      select 'bench' || i || '@example.com', 'bench' || i || '@example.com', 'Member ' || i, null
      from generate_series(1, ${MEMBERS}) as i;
    insert into departments (team_id, parent_id, name, sort)
      select ${teamId}, null, 'Division ' || i, i from generate_series(1, ${TOP_DEPARTMENTS}) as i;
    insert into departments (team_id, parent_id, name, sort)
      select ${teamId}, d.id, d.name || ' / Unit ' || j, j
      from departments d, generate_series(1, ${CHILDREN_EACH}) as j
      where d.team_id = ${teamId} and d.parent_id is null;
    insert into team_members (team_id, user_id, department_id, joined_at)
      select ${teamId}, u.id,
        (select id from departments where team_id = ${teamId} order by id offset (u.id % 200) limit 1),
        now() - (u.id || ' seconds')::interval
      from users u where u.user_name like 'bench%@example.com';
    analyze;
  `);
  const { rows } = await db.query(`select count(*)::int as n from departments where team_id = ${teamId}`);
  await db.close();
  return rows[0].n;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

await ensureBuilt();
const first = await startProduct({ NODE_ENV: 'test', LOG_LEVEL: 'warn' });
const { token, teamId } = await ownerAndTeam(first.url);
await first.stop();
const departments = await seed(first.dataDir, teamId);

const product = await startProduct({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: first.dataDir });
try {
  const tree = await api(product.url, token, 'GET', '/api/team/department-list');
  const leafIds = tree.flatMap((d) => d.children.map((c) => c.id));
  const pages = Math.ceil((MEMBERS + 1) / 20);
  const paths = [];
  for (let i = 0; i < REQUESTS; i++) {
    const kind = i % 4;
    if (kind === 0) paths.push(`/api/team/user-list?page=${1 + ((i * 37) % pages)}&page_size=20`);
    if (kind === 1) paths.push(`/api/team/user-list?page=${pages}&page_size=20`);
    // A department's page as the back office asks for it.
    if (kind === 2)
      paths.push(
        `/api/team/department-member-list?page=1&page_size=20&department_id=${leafIds[i % leafIds.length]}`,
      );
    if (kind === 3)
      paths.push(`/api/team/user-list?page=1&page_size=20&keyword=member%20${(i * 7919) % MEMBERS}`);
  }
  const first = await api(product.url, token, 'GET', paths[0]);
  if (first.total < MEMBERS) throw new Error(`expected ${MEMBERS} members, the list says ${first.total}`);
  for (const path of paths.slice(0, 40)) await api(product.url, token, 'GET', path); // warm-up
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    await api(product.url, token, 'GET', path);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  figure('members_list_departments', departments, '');
  figure('members_list_members', first.total, '');
  figure('members_list_page_p50', percentile(times, 50), 'ms');
  figure('members_list_page_p95', percentile(times, 95), 'ms');
  figure('members_list_page_max', times[times.length - 1], 'ms');
} finally {
  await product.stop();
}
