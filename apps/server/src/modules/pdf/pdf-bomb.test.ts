import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createMember, createProject } from '../../../test/documents.ts';
import { pdfApi } from '../../../test/pdfs.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { PDF_PAGE_TEXT_MAX_CHARS } from './pdf-text.ts';

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
  // A short time limit: the bomb stops at whichever limit it reaches first, its page's text or the time.
  const context = useTestApp({ WORKER_TASK_TIMEOUT_MS: '4000' });

  it('is refused (413: 2243 past a page’s text, or 2242 past the time limit) while health keeps answering', async () => {
    const owner = await createMember(context.app, context.database.db);
    const project = await createProject(context.database.db, owner);
    // About twice the page limit in characters (42 of each 72-byte line are text), from a few KB.
    const bomb = pdfBomb(Math.ceil((PDF_PAGE_TEXT_MAX_CHARS * 2 * 72) / 42));
    expect(bomb.length).toBeLessThan(64 * 1024);

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
    expect([2242, 2243]).toContain(answer.json().code);
    // pdf.js on the event loop held health for the whole reading (a 20 MB stream: 16 s).
    expect(slowestHealth).toBeLessThan(Math.max(250, uploadMs / 3));
  }, 120_000);
});
