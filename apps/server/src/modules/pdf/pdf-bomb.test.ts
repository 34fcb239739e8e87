import { deflateSync } from 'node:zlib';
import { PDF_STREAM_MAX_INFLATED_BYTES } from '@tandem/contract/limits';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, createProject } from '../../../test/documents.ts';
import { pdfApi, textPdf } from '../../../test/pdfs.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { documentPdfs, documents, files } from '../../db/schema.ts';

/** A one-page PDF of a few KB whose content stream inflates to about `inflatedBytes` of text drawing. */
function pdfBomb(inflatedBytes: number): Buffer {
  const line = 'BT /F1 12 Tf 72 712 Td (All work and no play makes a dull bomb.) Tj ET\n';
  const content = deflateSync(Buffer.from(line.repeat(Math.ceil(inflatedBytes / line.length))), { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let head = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(head.length);
    head += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  offsets.push(head.length);
  head += `5 0 obj\n<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`;
  const tail = '\nendstream\nendobj\n';
  const xrefAt = head.length + content.length + tail.length;
  const xref = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    content,
    Buffer.from(
      `${tail}xref\n0 6\n0000000000 65535 f \n${xref}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  ]);
}

describe('a PDF whose content inflates far', () => {
  // The worker's usual time limit (60 s): the bomb must stop at the PDF's content limit, long before it.
  const context = useTestApp();

  it('is refused at once (413, 2243) before pdf.js draws it, nothing is kept, and health keeps answering', async () => {
    const owner = await createMember(context.app, context.database.db);
    const db = context.database.db;
    const project = await createProject(db, owner);
    // The measured bomb: 20 MB of page content, past one stream's limit, from a few tens of KB.
    const bomb = pdfBomb(20 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(72 * 1024);
    expect(20 * 1024 * 1024).toBeGreaterThan(PDF_STREAM_MAX_INFLATED_BYTES);

    // A real PDF first: it passes, and the worker is started (booting pdf.js is no part of the bomb's time).
    const handbook = await textPdf(['Orchard handbook\n\nApples are picked in September.']);
    expect((await pdfApi(context).upload(owner.token, project.id, handbook)).statusCode).toBe(200);
    const keptBefore = await db.select({ id: files.id }).from(files).where(eq(files.ownerId, owner.id));

    let isUploading = true;
    let slowestHealth = 0;
    const probe = (async () => {
      while (isUploading) {
        const started = performance.now();
        await context.app.inject({ method: 'GET', url: '/api/health' });
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const answer = await pdfApi(context).upload(owner.token, project.id, bomb, { name: 'bomb.pdf' });
    const uploadMs = performance.now() - started;
    isUploading = false;
    await probe;

    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({
      code: 2243,
      msg: expect.stringContaining('expand too far'),
    });
    // Before this limit pdf.js drew the whole stream until the worker's time limit (2242 after 60 s).
    expect(uploadMs).toBeLessThan(5000);
    expect(slowestHealth).toBeLessThan(250);
    // The handbook alone (other test files may share this database: only this project counts).
    const kept = await db
      .select({ id: documentPdfs.documentId })
      .from(documentPdfs)
      .innerJoin(documents, eq(documents.id, documentPdfs.documentId))
      .where(eq(documents.projectId, project.id));
    expect(kept).toHaveLength(1);
    expect(await db.select({ id: files.id }).from(files).where(eq(files.ownerId, owner.id))).toEqual(
      keptBefore,
    );
  }, 120_000);
});
