import { KNOWLEDGE_API, UPLOAD_API } from '@tandem/contract/api';
import { describe, expect, it } from 'vitest';
import { createDocument, createMember, createProject } from '../../../test/documents.ts';
import { tinyPng } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { readPdfPages } from '../pdf/pdf-text.ts';

/** A document's pictures in its exports: drawn into the PDF, linked where they can load from Markdown. */
describe('pictures in exported documents', () => {
  const context = useTestApp();

  async function documentWithPicture() {
    const owner = await createMember(context.app, context.database.db);
    const project = await createProject(context.database.db, owner);
    const boundary = 'tandem-picture-boundary';
    const uploaded = await context.app.inject({
      method: 'POST',
      url: UPLOAD_API.image,
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        tinyPng(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const src = uploaded.json().data.file as string;
    const doc = await createDocument(context.database.db, project.id, { name: 'Field trip' });
    const saved = await context.app.inject({
      method: 'POST',
      url: KNOWLEDGE_API.saveOnlineDoc,
      headers: owner.headers,
      payload: {
        doc_id: doc.id,
        format: 'html',
        content: `<p>Before the map</p><img src="${src}"><p>After the map</p>`,
      },
    });
    expect(saved.json().code).toBe(0);
    const exportAs = (format: string) =>
      context.app.inject({
        method: 'GET',
        url: `${KNOWLEDGE_API.exportDoc}?id=${doc.id}&format=${format}`,
        headers: owner.headers,
      });
    return { src, exportAs };
  }

  it('draws a picture into the PDF in its place, not its address in brackets', async () => {
    const { src, exportAs } = await documentWithPicture();
    const pdf = await exportAs('pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const text = (await readPdfPages(new Uint8Array(pdf.rawPayload))).join('\n');
    expect(text).toContain('Before the map');
    expect(text).toContain('After the map');
    expect(text).not.toContain(src);
  });

  it('links a picture from Markdown by a full address that loads it', async () => {
    const { src, exportAs } = await documentWithPicture();
    const markdown = (await exportAs('md')).body;
    const link = /!\[[^\]]*\]\((https?:\/\/[^)\s]+)\)/.exec(markdown)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe(src);
    const picture = await context.app.inject({ method: 'GET', url: url.pathname });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(tinyPng())).toBe(true);
  });
});
