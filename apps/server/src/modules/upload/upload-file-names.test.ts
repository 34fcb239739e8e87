import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../test/agents.ts';
import { bearer, tinyPng } from '../../../test/factories.ts';
import { textPdf } from '../../../test/pdfs.ts';
import { projectApi } from '../../../test/projects.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { conversations } from '../../db/schema.ts';

const ctx = useTestApp();
const { team, project, doc, agent } = projectApi(ctx);

let owner: Person;
let projectId: number;
let docId: number;
const conversationId = 'file-names-site';
let pdf: Buffer;

/** A multipart request of `fields` and one `file` part named `fileName`, as a browser sends it. */
function send(url: string, fields: Record<string, string>, fileName: string, bytes: Buffer) {
  const boundary = '----tandem-file-names';
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
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(owner.token) },
  });
}

const fileRows = async () =>
  Number(
    (
      (await ctx.database.db.execute(sql`select count(*) as n from files`)) as unknown as {
        rows: { n: string }[];
      }
    ).rows[0]?.n,
  );

beforeAll(async () => {
  const made = await team('File Names');
  owner = made.owner;
  projectId = (await project(owner.token)).id;
  docId = await doc(owner.token, projectId);
  const { id: agentId } = await agent(owner.token);
  await ctx.database.db
    .insert(conversations)
    .values({ id: conversationId, userId: owner.id, teamId: made.teamId, agentId, title: 'Site' });
  pdf = await textPdf(['A page of text']);
});

describe('a file name with a NUL byte', () => {
  it.each([
    [
      'upload_img',
      '/api/upload/upload_img',
      () => ({ doc_id: String(docId) }),
      'logo\u0000.png',
      () => tinyPng(),
    ],
    [
      'upload_file',
      '/api/upload/upload_file',
      () => ({ doc_id: String(docId) }),
      'notes\u0000.txt',
      () => Buffer.from('notes'),
    ],
    [
      'upload-pdf',
      '/api/knowledge/upload-pdf',
      () => ({ project_id: String(projectId) }),
      'report\u0000.pdf',
      () => pdf,
    ],
    [
      'import-doc',
      '/api/knowledge/import-doc',
      () => ({ project_id: String(projectId) }),
      'notes\u0000.md',
      () => Buffer.from('# Notes'),
    ],
    [
      'upload-site-image',
      '/api/chat/upload-site-image',
      () => ({ conversation_id: conversationId }),
      'logo\u0000.png',
      () => tinyPng(),
    ],
  ])(
    'is refused by %s with 400 naming the file, and nothing is kept',
    async (_, url, fields, name, bytes) => {
      const before = await fileRows();
      const refused = await send(url, fields(), name, bytes());
      expect([refused.statusCode, refused.json().code, refused.json().data?.fields?.[0]?.field]).toEqual([
        400,
        1001,
        'file',
      ]);
      expect(await fileRows()).toBe(before);
      // The same upload with a plain name goes through.
      const accepted = await send(url, fields(), name.replace('\u0000', ''), bytes());
      expect(accepted.statusCode, accepted.body).toBe(200);
    },
  );
});
