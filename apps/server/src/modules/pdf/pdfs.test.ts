import { PDF_MAX_BYTES } from '@tandem/contract/limits';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../../../test/factories.ts';
import { cjkFontlessPdf, pdfApi, scannedPdf, textPdf } from '../../../test/pdfs.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documentPdfs, documents, files, knowledgeChunks, knowledgeIndexStates } from '../../db/schema.ts';
import { markStalePdfsForIndexing } from '../knowledge/pdf-content.ts';

// Indexed as soon as the indexer polls: the tests wait for the catalogue's state, not for a delay.
const ctx = useTestApp({ KNOWLEDGE_INDEX_DELAY_MS: '0' });
const { call, person, team, project, doc, tree, upload, uploaded, search, searchCall, settled } = pdfApi(ctx);

let handbook: Buffer;
let scan: Buffer;
beforeAll(async () => {
  handbook = await textPdf([
    'Orchard handbook\n\nApples are picked in September.',
    'Storage\n\nBananas ripen at room temperature.',
    'Customs\n\n秋天的苹果节在十月举行。',
  ]);
  scan = await scannedPdf(2);
});

async function owned() {
  const owner = await person();
  const { id, code } = await project(owner.token);
  return { token: owner.token, userId: owner.id, projectId: id, projectCode: code };
}

const filesOf = async (userId: number) =>
  (await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.ownerId, userId))).length;

const chunksOf = (documentId: number) =>
  ctx.database.db
    .select({ page: knowledgeChunks.page, text: knowledgeChunks.text })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.documentId, documentId))
    .orderBy(knowledgeChunks.ordinal);

describe('uploading PDFs into a project', () => {
  it('keeps an uploaded PDF in the catalogue, with its pages, its file and its text read page by page', async () => {
    const { token, projectId } = await owned();
    const pdf = await uploaded(token, projectId, handbook, 'Orchard handbook.pdf');
    expect(pdf).toMatchObject({ name: 'Orchard handbook', page_count: 3 });
    const [node] = await tree(token, projectId);
    expect(node).toMatchObject({ id: pdf.id, kind: 'pdf', name: 'Orchard handbook' });
    expect(['indexing', 'ready']).toContain(node?.index_state);

    const [stored] = await ctx.database.db
      .select({ pageTexts: documentPdfs.pageTexts })
      .from(documentPdfs)
      .where(eq(documentPdfs.documentId, pdf.id));
    expect(stored?.pageTexts).toHaveLength(3);
    expect(stored?.pageTexts[0]).toContain('Apples are picked in September.');
    expect(stored?.pageTexts[1]).toContain('Bananas ripen at room temperature.');
    expect(stored?.pageTexts[2]).toContain('秋天的苹果节在十月举行。');

    const info = await call('GET', `/api/knowledge/get-pdf?uniq_code=${pdf.uniq_code}`, token);
    expect(info.body.data).toMatchObject({
      id: pdf.id,
      page_count: 3,
      can_edit: true,
      byte_size: handbook.length,
    });
    const file = await ctx.app.inject({
      url: `/api/knowledge/get-pdf-file?uniq_code=${pdf.uniq_code}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(handbook)).toBe(true);
  });

  it('places a PDF in a group, and refuses a place that is no group without keeping anything', async () => {
    const { token, userId, projectId } = await owned();
    const group = await doc(token, projectId, { kind: 'group', name: 'Manuals' });
    const pdf = await uploaded(token, projectId, handbook);
    const inGroup = await upload(token, projectId, handbook, { parentId: group });
    expect(inGroup.statusCode).toBe(200);
    const [manuals, first] = await tree(token, projectId);
    expect(manuals?.children.map((child) => child.kind)).toEqual(['pdf']);
    expect(first?.id).toBe(pdf.id);

    const before = await filesOf(userId);
    const intoPdf = await upload(token, projectId, handbook, { parentId: pdf.id });
    expect(intoPdf.statusCode).toBe(400);
    expect(intoPdf.json().code).toBe(2208);
    expect(await filesOf(userId)).toBe(before);
  });

  it('refuses what is not a PDF, whatever its name, with a clear message and nothing kept', async () => {
    const { token, userId, projectId } = await owned();
    const png = tinyPng();
    const answer = await upload(token, projectId, png, { name: 'photo.pdf' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 2230,
      msg: 'Only PDF files can be uploaded: this file is not a PDF.',
    });
    const broken = await upload(token, projectId, Buffer.from('%PDF-1.7\nnot really a PDF at all'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe(2233);
    expect(await tree(token, projectId)).toEqual([]);
    expect(await filesOf(userId)).toBe(0);
  });

  it('refuses a PDF over 20 MB', async () => {
    const { token, userId, projectId } = await owned();
    const big = Buffer.concat([handbook, Buffer.alloc(PDF_MAX_BYTES + 1 - handbook.length, 0x20)]);
    const answer = await upload(token, projectId, big);
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: 2231, msg: 'A PDF may be at most 20 MB.' });
    expect(await tree(token, projectId)).toEqual([]);
    expect(await filesOf(userId)).toBe(0);
  });

  it('refuses a scanned PDF (no text layer) in the caller’s language and keeps nothing', async () => {
    const { token, userId, projectId } = await owned();
    const answer = await upload(token, projectId, scan, { name: 'scan.pdf' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 2232,
      msg: 'Scanned PDFs are not supported: this PDF has no text layer to read.',
    });
    const chinese = await upload(token, projectId, scan, { locale: 'zh-CN' });
    expect(chinese.json().msg).toBe('不支持扫描版 PDF：该 PDF 没有可读取的文字层。');
    expect(await tree(token, projectId)).toEqual([]);
    expect(await filesOf(userId)).toBe(0);
  });

  it('reads Chinese set in a font the PDF does not embed (through pdf.js’s character maps)', async () => {
    const { token, projectId } = await owned();
    const pdf = await uploaded(token, projectId, cjkFontlessPdf('季度预算会议纪要'), '纪要.pdf');
    expect(pdf).toMatchObject({ name: '纪要', page_count: 1 });
    await settled(token, projectId, [pdf.id]);
    expect((await search(token, projectId, '预算'))[0]).toMatchObject({ doc_id: pdf.id, page: 1 });
  });

  it('answers 400, not 500, for a body without a file or with a bad project id', async () => {
    const { token } = await owned();
    const noProject = await upload(token, 0, handbook);
    expect(noProject.statusCode).toBe(400);
    const anonymous = await upload(undefined, 1, handbook);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PDFs in the knowledge index', () => {
  it('indexes each page’s text in chunks that carry their page, which search answers', async () => {
    const { token, projectId } = await owned();
    const pdf = await uploaded(token, projectId, handbook, 'Orchard handbook.pdf');
    await settled(token, projectId, [pdf.id]);
    const chunks = await chunksOf(pdf.id);
    // A chunk never spans two pages: each short page is one chunk of its own.
    expect(chunks.map((chunk) => chunk.page)).toEqual([1, 2, 3]);
    expect(chunks[1]?.text).toContain('Bananas ripen at room temperature.');

    const [bananas] = await search(token, projectId, 'bananas');
    expect(bananas).toMatchObject({
      doc_id: pdf.id,
      doc_name: 'Orchard handbook',
      doc_kind: 'pdf',
      page: 2,
    });
    expect(bananas?.snippet).toContain('<mark>Bananas</mark>');
    const [apples] = await search(token, projectId, '苹果节');
    expect(apples).toMatchObject({ doc_id: pdf.id, page: 3 });
    // The name finds it too, as a document's does, and says it is a PDF (the search box opens the viewer).
    expect((await search(token, projectId, 'orchard'))[0]).toMatchObject({ doc_id: pdf.id, doc_kind: 'pdf' });
  });

  it('removes a deleted PDF from the index, and its copy keeps its own chunks and file', async () => {
    const { token, projectId } = await owned();
    const pdf = await uploaded(token, projectId, handbook);
    const copy = (await call('POST', '/api/knowledge/copy-doc', token, { id: pdf.id })).body.data;
    await settled(token, projectId, [pdf.id, copy.id]);
    expect((await search(token, projectId, 'bananas')).map((hit) => hit.doc_id).sort()).toEqual(
      [pdf.id, copy.id].sort(),
    );

    const removed = await call('DELETE', '/api/knowledge/delete-doc', token, { ids: [pdf.id] });
    expect(removed.status).toBe(200);
    expect(await chunksOf(pdf.id)).toEqual([]);
    expect((await search(token, projectId, 'bananas')).map((hit) => hit.doc_id)).toEqual([copy.id]);
    const file = await ctx.app.inject({
      url: `/api/knowledge/get-pdf-file?uniq_code=${copy.uniq_code}&download=1`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.rawPayload.equals(handbook)).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment');
  });

  it('renames, moves and downloads a PDF with the catalogue’s calls', async () => {
    const { token, projectId } = await owned();
    const group = await doc(token, projectId, { kind: 'group', name: 'Archive' });
    const pdf = await uploaded(token, projectId, handbook);
    expect(
      (await call('POST', '/api/knowledge/rename-doc', token, { id: pdf.id, name: 'Fruit 2026' })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/knowledge/move-doc', token, { ids: [pdf.id], parent_id: group, index: 0 }))
        .status,
    ).toBe(200);
    const [archive] = await tree(token, projectId);
    expect(archive?.children[0]).toMatchObject({ id: pdf.id, name: 'Fruit 2026', kind: 'pdf' });

    const single = await ctx.app.inject({
      url: `/api/knowledge/export-doc?id=${pdf.id}&format=md`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(single.headers['content-type']).toBe('application/pdf');
    expect(single.rawPayload.equals(handbook)).toBe(true);
    const zip = await ctx.app.inject({
      url: `/api/knowledge/export-doc?id=${group}&format=md`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.includes(Buffer.from('Fruit 2026.pdf'))).toBe(true);
  });
});

describe('PDFs indexed again', () => {
  it('a PDF whose indexing failed for the server’s own reason is indexed again at the next start', async () => {
    const { token, projectId } = await owned();
    const pdf = await uploaded(token, projectId, handbook);
    await settled(token, projectId, [pdf.id]);
    const { db } = ctx.database;
    await db.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, pdf.id));
    await db
      .update(knowledgeIndexStates)
      .set({ state: 'failed', error: 'internal', contentHash: null })
      .where(eq(knowledgeIndexStates.documentId, pdf.id));
    expect((await search(token, projectId, 'bananas')).map((hit) => hit.doc_id)).not.toContain(pdf.id);

    await markStalePdfsForIndexing(db);
    await settled(token, projectId, [pdf.id]);
    expect((await search(token, projectId, 'bananas'))[0]).toMatchObject({ doc_id: pdf.id, page: 2 });
  });
});

describe('who may read and upload PDFs', () => {
  it('a user of another team can neither read, download, find nor upload into the project', async () => {
    const { token, projectId } = await owned();
    const pdf = await uploaded(token, projectId, handbook);
    await settled(token, projectId, [pdf.id]);
    const stranger = await person();
    const info = await call('GET', `/api/knowledge/get-pdf?uniq_code=${pdf.uniq_code}`, stranger.token);
    expect(info.status).toBe(404);
    const file = await ctx.app.inject({
      url: `/api/knowledge/get-pdf-file?uniq_code=${pdf.uniq_code}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(file.statusCode).toBe(404);
    expect(file.rawPayload.includes(Buffer.from('%PDF'))).toBe(false);
    expect((await searchCall(stranger.token, projectId, 'bananas')).status).toBe(404);
    expect((await upload(stranger.token, projectId, handbook)).statusCode).toBe(404);
    const anonymous = await call('GET', `/api/knowledge/get-pdf?uniq_code=${pdf.uniq_code}`);
    expect(anonymous.status).toBe(401);
  });

  it('a viewer reads but cannot upload; a share link opens one PDF to anyone, a wrong one to no one', async () => {
    const { owner, member } = await team('PDF Readers');
    const { id: projectId } = await project(owner.token, {
      access: 'team_public',
      team_permission: 'viewer',
    });
    const pdf = await uploaded(owner.token, projectId, handbook);
    const viewer = await member();
    const read = await call('GET', `/api/knowledge/get-pdf?uniq_code=${pdf.uniq_code}`, viewer.token);
    expect(read.body.data).toMatchObject({ can_edit: false, page_count: 3 });
    expect((await upload(viewer.token, projectId, handbook)).statusCode).toBe(403);

    const shared = await call('POST', '/api/knowledge/share-doc', owner.token, {
      doc_id: pdf.id,
      enabled: true,
    });
    const code = shared.body.data.share_code as string;
    const open = await call('GET', `/api/knowledge/get-pdf?uniq_code=${pdf.uniq_code}&share_code=${code}`);
    expect(open.body.data).toMatchObject({ id: pdf.id, can_edit: false, share_code: code });
    const bytes = await ctx.app.inject({
      url: `/api/knowledge/get-pdf-file?uniq_code=${pdf.uniq_code}&share_code=${code}`,
    });
    expect(bytes.rawPayload.equals(handbook)).toBe(true);
    const wrong = await call('GET', `/api/knowledge/get-pdf?uniq_code=${pdf.uniq_code}&share_code=nope`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe(2202);
  });

  it('leaves no PDF rows behind when the project is deleted', async () => {
    const { token, projectId } = await owned();
    const pdf = await uploaded(token, projectId, handbook);
    const deleted = await call('POST', '/api/project/delete-project', token, {
      id: projectId,
      confirm_name: 'Handbook',
    });
    expect(deleted.status).toBe(200);
    const left = await ctx.database.db.select().from(documents).where(eq(documents.id, pdf.id));
    expect(left).toEqual([]);
    expect(
      await ctx.database.db.select().from(documentPdfs).where(eq(documentPdfs.documentId, pdf.id)),
    ).toEqual([]);
  });
});
