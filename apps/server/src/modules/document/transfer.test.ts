import { ATTACHMENT_API, KNOWLEDGE_API, UPLOAD_API } from '@tandem/contract/api';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  addProjectMember,
  createDocument,
  createMember,
  createProject,
  joinTeam,
} from '../../../test/documents.ts';
import { bearer, tinyPng } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const HEADINGS_1_TO_9 = Array.from({ length: 9 }, (_, index) =>
  index < 6
    ? `<h${index + 1}>Level ${index + 1}</h${index + 1}>`
    : `<p data-level="${index + 1}">Level ${index + 1}</p>`,
).join('');

/** Multipart body with the import's fields and one file. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = 'tandem-boundary-7c1f';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join('') + head),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Import and export of documents (Markdown, DOCX, text, HTML, PDF, zip), and attachment share URLs. */
describe('document import and export', () => {
  const context = useTestApp();

  async function setup() {
    const owner = await createMember(context.app, context.database.db);
    const project = await createProject(context.database.db, owner);
    return { owner, project };
  }

  const importFile = (
    headers: Record<string, string>,
    fields: Record<string, string>,
    name: string,
    bytes: Buffer,
  ) => {
    const body = multipart(fields, { name, bytes });
    return context.app.inject({
      method: 'POST',
      url: KNOWLEDGE_API.importDoc,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const getDoc = async (uniqCode: string, headers: Record<string, string>) =>
    (
      await context.app.inject({
        method: 'GET',
        url: `${KNOWLEDGE_API.getDoc}?uniq_code=${uniqCode}`,
        headers,
      })
    ).json().data;
  const save = (headers: Record<string, string>, docId: number, format: string, content: string) =>
    context.app.inject({
      method: 'POST',
      url: KNOWLEDGE_API.saveOnlineDoc,
      headers,
      payload: { doc_id: docId, format, content },
    });
  const exportDoc = (headers: Record<string, string>, id: number, format: string) =>
    context.app.inject({
      method: 'GET',
      url: `${KNOWLEDGE_API.exportDoc}?id=${id}&format=${format}`,
      headers,
    });

  it('imports Markdown, text and HTML as documents named after their files, HTML cleaned by the schema', async () => {
    const { owner, project } = await setup();
    const markdown = `# Plan\n\n## Steps\n\n<p data-level="8">Deep</p>\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n- [ ] open\n- one\n`;
    const imported = await importFile(
      owner.headers,
      { project_id: String(project.id), parent_id: '' },
      '周报 (draft).md',
      Buffer.from(markdown),
    );
    expect(imported.json().code).toBe(0);
    const doc = await getDoc(imported.json().data.uniq_code, owner.headers);
    expect(doc.name).toBe('周报 -draft-');
    expect(doc.html).toContain(
      '<h1>Plan</h1><h2>Steps</h2><p role="heading" aria-level="8" data-level="8">Deep</p>',
    );
    expect(doc.html).toContain('<td colspan="1" rowspan="1"><p>1</p></td>');

    const text = await importFile(
      owner.headers,
      { project_id: String(project.id) },
      'notes.txt',
      Buffer.from('first line\nsecond line\n'),
    );
    expect((await getDoc(text.json().data.uniq_code, owner.headers)).html).toBe(
      '<p>first line</p><p>second line</p>',
    );

    const html = await importFile(
      owner.headers,
      { project_id: String(project.id) },
      'page.html',
      Buffer.from('<h3>Title</h3><script>alert(1)</script><p onclick="steal()" style="color:red">kept</p>'),
    );
    expect((await getDoc(html.json().data.uniq_code, owner.headers)).html).toBe('<h3>Title</h3><p>kept</p>');
  });

  it('refuses what it cannot read by its content, a parent that is not a group, viewers and outsiders', async () => {
    const { owner, project } = await setup();
    const fields = { project_id: String(project.id) };
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    for (const [name, bytes] of [
      ['report.docx', Buffer.from('not a word file')],
      ['report.pdf', pdf],
      ['image.md', tinyPng()],
      ['noextension', Buffer.from('text')],
    ] as const) {
      const response = await importFile(owner.headers, fields, name, bytes);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().code, name).toBe(2220);
    }
    const tooLarge = await importFile(
      owner.headers,
      fields,
      'big.txt',
      Buffer.alloc(20 * 1024 * 1024 + 1, 'a'),
    );
    expect(tooLarge.json().code).toBe(2221);

    const doc = await createDocument(context.database.db, project.id);
    const underDoc = await importFile(
      owner.headers,
      { ...fields, parent_id: String(doc.id) },
      'a.txt',
      Buffer.from('x'),
    );
    expect(underDoc.json().code).toBe(2208);

    const viewer = await createMember(context.app, context.database.db);
    await joinTeam(context.database.db, owner.teamId, viewer.id);
    await addProjectMember(context.database.db, project.id, viewer.id, 'viewer');
    expect((await importFile(viewer.headers, fields, 'a.txt', Buffer.from('x'))).statusCode).toBe(403);
    const outsider = await createMember(context.app, context.database.db);
    expect((await importFile(outsider.headers, fields, 'a.txt', Buffer.from('x'))).json().code).toBe(2207);
    expect((await exportDoc(outsider.headers, doc.id, 'md')).json().code).toBe(2201);
  });

  it('a document exported as DOCX and imported back keeps its headings 1-9, table, lists and links', async () => {
    const { owner, project } = await setup();
    const upload = await context.app.inject({
      method: 'POST',
      url: UPLOAD_API.image,
      headers: { ...owner.headers, ...multipart({}, { name: 'dot.png', bytes: tinyPng() }).headers },
      payload: multipart({}, { name: 'dot.png', bytes: tinyPng() }).payload,
    });
    const image = upload.json().data.file as string;
    const doc = await createDocument(context.database.db, project.id, { name: '季度计划' });
    const body = `${HEADINGS_1_TO_9}<p>Read <a href="https://example.com/">the site</a>.</p><ul><li><p>bullet</p></li></ul><ol><li><p>first</p></li></ol><table><tr><th><p>h1</p></th><th><p>h2</p></th></tr><tr><td><p>c1</p></td><td><p>c2</p></td></tr></table><img src="${image}">`;
    expect((await save(owner.headers, doc.id, 'html', body)).json().code).toBe(0);

    const docx = await exportDoc(owner.headers, doc.id, 'docx');
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-disposition']).toBe(
      `attachment; filename="____.docx"; filename*=UTF-8''${encodeURIComponent('季度计划.docx')}`,
    );
    const files = unzipSync(new Uint8Array(docx.rawPayload));
    expect(Object.keys(files).some((path) => path.startsWith('word/media/'))).toBe(true);

    const back = await importFile(
      owner.headers,
      { project_id: String(project.id) },
      '季度计划.docx',
      docx.rawPayload,
    );
    const reimported = await getDoc(back.json().data.uniq_code, owner.headers);
    expect(reimported.html).toContain(
      HEADINGS_1_TO_9.replace(/<p data-level="(\d)">/g, '<p role="heading" aria-level="$1" data-level="$1">'),
    );
    expect(reimported.html).toMatch(/<img src="\/api\/upload\/files\/[\w-]{22}\.png">/);
    expect(reimported.html).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/">the site</a>',
    );
    expect(reimported.html).toMatch(/<th[^>]*><p>h1<\/p><\/th>/);
    expect(reimported.html).toContain('<li><p>bullet</p></li>');
    expect(reimported.html).toContain('<li><p>first</p></li>');
  });

  it('exports Markdown, a standalone HTML page and a PDF; a group and a selection as zips in folders', async () => {
    const { owner, project } = await setup();
    const group = await createDocument(context.database.db, project.id, { kind: 'group', name: 'Specs' });
    const inner = await createDocument(context.database.db, project.id, { parentId: group.id, name: 'API' });
    const sub = await createDocument(context.database.db, project.id, {
      kind: 'group',
      parentId: group.id,
      name: 'Old',
    });
    await createDocument(context.database.db, project.id, { parentId: sub.id });
    const loose = await createDocument(context.database.db, project.id, { name: 'Loose' });
    // A code block comes back as it went in, with no empty last line.
    const code = '```js\nconst a = 1;\nconst b = 2;\n```';
    await save(owner.headers, inner.id, 'markdown', `# API\n\nCalls and answers 中文\n\n${code}`);

    const markdown = await exportDoc(owner.headers, inner.id, 'md');
    expect(markdown.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(markdown.body).toBe(`# API\n\nCalls and answers 中文\n\n${code}\n`);
    const html = await exportDoc(owner.headers, inner.id, 'html');
    expect(html.body).toMatch(/^<!doctype html>/);
    expect(html.body).toContain('<title>API</title>');
    expect(html.body).toContain('<h1>API</h1><p>Calls and answers 中文</p>');
    // The name heads a page only when the text does not open with a heading of its own.
    expect(html.body.match(/<h1>/g)).toHaveLength(1);
    await save(owner.headers, loose.id, 'markdown', 'Just a line');
    expect((await exportDoc(owner.headers, loose.id, 'html')).body).toContain(
      '<h1>Loose</h1>\n<p>Just a line</p>',
    );
    const pdf = await exportDoc(owner.headers, inner.id, 'pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const zipped = await exportDoc(owner.headers, group.id, 'md');
    expect(zipped.headers['content-disposition']).toContain('filename="Specs.zip"');
    const entries = unzipSync(new Uint8Array(zipped.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([
      'Specs/',
      'Specs/API.md',
      'Specs/Old/',
      'Specs/Old/Untitled document.md',
    ]);
    expect(Buffer.from(entries['Specs/API.md']!).toString()).toContain('Calls and answers');

    const selection = await context.app.inject({
      method: 'GET',
      url: `${KNOWLEDGE_API.exportDocs}?ids=${inner.id},${loose.id}&format=docx`,
      headers: owner.headers,
    });
    expect(Object.keys(unzipSync(new Uint8Array(selection.rawPayload))).sort()).toEqual([
      'API.docx',
      'Loose.docx',
    ]);
    const elsewhere = await setup();
    const mixed = await context.app.inject({
      method: 'GET',
      url: `${KNOWLEDGE_API.exportDocs}?ids=${inner.id},${(await createDocument(context.database.db, elsewhere.project.id)).id}&format=md`,
      headers: owner.headers,
    });
    expect(mixed.json().code).toBe(2201);
  });

  it('generate_share_url gives a link that downloads the attachment without sign-in; only its readers get one', async () => {
    const { owner } = await setup();
    const body = multipart({}, { name: 'notes.txt', bytes: Buffer.from('shared words') });
    const uploaded = await context.app.inject({
      method: 'POST',
      url: UPLOAD_API.file,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    const fileId = uploaded.json().data.id as string;
    const shared = await context.app.inject({
      method: 'POST',
      url: ATTACHMENT_API.shareUrl,
      headers: owner.headers,
      payload: { file_id: fileId },
    });
    const { url } = shared.json().data as { url: string };
    const path = `${new URL(url).pathname}${new URL(url).search}`;
    expect(path.startsWith(`${ATTACHMENT_API.shared}?token=`)).toBe(true);
    const download = await context.app.inject({ method: 'GET', url: path });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('shared words');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''notes.txt");

    const stranger = await createMember(context.app, context.database.db);
    const refused = await context.app.inject({
      method: 'POST',
      url: ATTACHMENT_API.shareUrl,
      headers: stranger.headers,
      payload: { file_id: fileId },
    });
    expect(refused.statusCode).toBe(404);
    const tampered = await context.app.inject({ method: 'GET', url: `${path.slice(0, -3)}abc` });
    expect(tampered.statusCode).toBe(404);
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: ATTACHMENT_API.shareUrl,
          payload: { file_id: fileId },
        })
      ).statusCode,
    ).toBe(401);
    void bearer;
  });
});
