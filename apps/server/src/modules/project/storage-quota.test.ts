import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, tinyPng } from '../../../test/factories.ts';
import { textPdf } from '../../../test/pdfs.ts';
import { projectApi } from '../../../test/projects.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { billingPlans, chatMessages, conversations } from '../../db/schema.ts';

const ctx = useTestApp();
const { data, team, project, doc, agent, writeState } = projectApi(ctx);

/** Every team's quota in this file: small, so that a team is filled by a document's state. */
const QUOTA = 200_000;

let pdf: Buffer;

beforeAll(async () => {
  await ctx.database.db.update(billingPlans).set({ storageBytes: QUOTA }).where(sql`${billingPlans.isFree}`);
  pdf = await textPdf(['A page of text']);
});

/** A multipart request of `fields` and one `file` part, as a browser sends it. */
function send(token: string, url: string, fields: Record<string, string>, fileName: string, bytes: Buffer) {
  const boundary = '----tandem-storage-quota';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token) },
  });
}

const storageUsed = async (token: string) =>
  (await data('GET', '/api/team/curr-ver-packet-data', token)).storage_quota_used_numerical as number;

/** What is kept of uploads: rows in `files` and objects in the store. */
async function kept() {
  const result = await ctx.database.db.execute(sql`select count(*)::int as n from files`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows[0]?.n;
  const dir = join(ctx.config.dataDir, 'uploads');
  let objects = 0;
  try {
    objects = readdirSync(dir).length;
  } catch {}
  return { rows, objects };
}

/** A team with a project, a document, an agent and a conversation, its storage filled but for `room` bytes. */
async function teamWithRoom(room: number) {
  const made = await team('Quota Works');
  const projectId = (await project(made.owner.token)).id;
  const docId = await doc(made.owner.token, projectId);
  const { id: agentId } = await agent(made.owner.token);
  const conversationId = `quota-${made.teamId}`;
  await ctx.database.db
    .insert(conversations)
    .values({ id: conversationId, userId: made.owner.id, teamId: made.teamId, agentId, title: 'Site' });
  const filler = await doc(made.owner.token, projectId);
  await writeState(filler, QUOTA - room);
  return { owner: made.owner, teamId: made.teamId, projectId, docId, agentId, conversationId, filler };
}

type Team = Awaited<ReturnType<typeof teamWithRoom>>;

/** Every way bytes arrive over HTTP, each a call with `bytes` of a kind it takes. */
const PATHS: [string, (team: Team, bytes: Buffer) => ReturnType<typeof send>, () => Buffer][] = [
  [
    'an editor image',
    (t, b) => send(t.owner.token, '/api/upload/upload_img', { doc_id: String(t.docId) }, 'a.png', b),
    () => tinyPng(),
  ],
  [
    'an editor file',
    (t, b) => send(t.owner.token, '/api/upload/upload_file', { doc_id: String(t.docId) }, 'a.txt', b),
    () => Buffer.from('notes'),
  ],
  [
    'a PDF',
    (t, b) =>
      send(t.owner.token, '/api/knowledge/upload-pdf', { project_id: String(t.projectId) }, 'a.pdf', b),
    () => pdf,
  ],
  [
    'an imported document',
    (t, b) =>
      send(t.owner.token, '/api/knowledge/import-doc', { project_id: String(t.projectId) }, 'a.md', b),
    () => Buffer.from('# Notes\n\nA line.'),
  ],
  [
    'a site image',
    (t, b) =>
      send(t.owner.token, '/api/chat/upload-site-image', { conversation_id: t.conversationId }, 'a.png', b),
    () => tinyPng(),
  ],
  [
    'a chat image or an agent avatar',
    (t, b) => send(t.owner.token, '/api/upload/upload_img', {}, 'a.png', b),
    () => tinyPng(),
  ],
  [
    'a cropped user avatar',
    (t, b) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/upload/upload_base64_img',
        headers: bearer(t.owner.token),
        payload: { data: `data:image/png;base64,${b.toString('base64')}`, fileExt: 'png' },
      }),
    () => tinyPng(),
  ],
];

describe('a team at its storage quota', () => {
  let full: Team;
  let roomy: Team;
  beforeAll(async () => {
    full = await teamWithRoom(0);
    roomy = await teamWithRoom(50_000);
  });

  it.each(PATHS)('is refused %s with 402 (2317), and nothing is kept', async (_, upload, bytes) => {
    const before = await kept();
    const refused = await upload(full, bytes());
    expect([refused.statusCode, refused.json().code], refused.body).toEqual([402, 2317]);
    expect(await kept()).toEqual(before);
    expect(await storageUsed(full.owner.token)).toBe(QUOTA);

    // With room for it, the same upload is kept.
    expect((await upload(roomy, bytes())).statusCode).toBe(200);
  });

  it('is refused a copy of a document, whose state would be stored twice', async () => {
    const documentsOf = async (t: Team) =>
      (await data('GET', `/api/knowledge/get-doc-tree?project_id=${t.projectId}`, t.owner.token)).length;
    const before = await documentsOf(full);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge/copy-doc',
      headers: bearer(full.owner.token),
      payload: { id: full.filler },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([402, 2317]);
    expect(await documentsOf(full)).toBe(before);
    await writeState(roomy.docId, 1000);
    await data('POST', '/api/knowledge/copy-doc', roomy.owner.token, { id: roomy.docId });
  });

  it('takes one of two uploads at once when there is room for one', async () => {
    const image = tinyPng();
    const t = await teamWithRoom(image.length + 10);
    const answers = await Promise.all([
      send(t.owner.token, '/api/upload/upload_img', { doc_id: String(t.docId) }, 'a.png', image),
      send(t.owner.token, '/api/upload/upload_img', { doc_id: String(t.docId) }, 'b.png', image),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    expect(await storageUsed(t.owner.token)).toBe(QUOTA - 10);
  });

  it('counts site images, images sent in its chats and its agents’ avatars', async () => {
    const t = await teamWithRoom(50_000);
    const base = await storageUsed(t.owner.token);
    const image = tinyPng();
    expect((await PATHS[4]![1](t, image)).statusCode).toBe(200);
    expect(await storageUsed(t.owner.token)).toBe(base + image.length);

    const chatImage = (await send(t.owner.token, '/api/upload/upload_img', {}, 'c.png', image)).json().data;
    // Counted once uploaded in the team, and still once when sent in a message of its conversations.
    expect(await storageUsed(t.owner.token)).toBe(base + 2 * image.length);
    await ctx.database.db.insert(chatMessages).values({
      conversationId: t.conversationId,
      role: 'user',
      content: 'look',
      attachments: [chatImage.id],
    });
    expect(await storageUsed(t.owner.token)).toBe(base + 2 * image.length);

    const avatar = (await send(t.owner.token, '/api/upload/upload_img', {}, 'd.png', image)).json().data;
    await ctx.database.db.execute(sql`update agents set avatar = ${avatar.file} where id = ${t.agentId}`);
    expect(await storageUsed(t.owner.token)).toBe(base + 3 * image.length);
  });

  it('counts an account’s uploads that nothing uses yet, so uploading without using cannot pass the quota', async () => {
    const image = tinyPng();
    const t = await teamWithRoom(2 * image.length + 10);
    for (const name of ['a.png', 'b.png'])
      expect((await send(t.owner.token, '/api/upload/upload_img', {}, name, image)).statusCode).toBe(200);
    expect(await storageUsed(t.owner.token)).toBe(QUOTA - 10);
    const before = await kept();
    const refused = await send(t.owner.token, '/api/upload/upload_img', {}, 'c.png', image);
    expect([refused.statusCode, refused.json().code]).toEqual([402, 2317]);
    expect(await kept()).toEqual(before);
  });
});
