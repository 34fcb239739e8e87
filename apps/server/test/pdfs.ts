import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { knowledgeApi } from './knowledge.ts';
import type { TestContext } from './test-app.ts';

/** A one-pixel PNG: what a scan's page holds instead of text. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Noto Sans SC (the chat's PDF export font): it draws Chinese and Japanese as well as Latin. */
let cjkFont: Buffer | undefined;
const cjkFontBytes = () => {
  cjkFont ??= readFileSync(
    createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    ),
  );
  return cjkFont;
};

/** A PDF made with pdfkit: each entry of `pages` a page of text (paragraphs split by blank lines). */
export function textPdf(pages: readonly string[]): Promise<Buffer> {
  return drawPdf((doc) => {
    doc.font(cjkFontBytes());
    pages.forEach((text, index) => {
      if (index > 0) doc.addPage();
      for (const paragraph of text.split(/\n\s*\n/)) doc.text(paragraph).moveDown();
    });
  });
}

/** A "scanned" PDF: every page an image, no text layer at all. */
export const scannedPdf = (pageCount = 2) =>
  drawPdf((doc) => {
    for (let page = 0; page < pageCount; page++) {
      if (page > 0) doc.addPage();
      doc.image(PIXEL_PNG, 50, 50, { width: 400, height: 560 });
    }
  });

function drawPdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** Helpers of the PDF tests: uploads through the real multipart call, on top of the knowledge helpers. */
export function pdfApi(ctx: TestContext) {
  const api = knowledgeApi(ctx);

  function upload(
    token: string | undefined,
    projectId: number,
    bytes: Buffer,
    options: { name?: string; parentId?: number | null; locale?: string } = {},
  ) {
    const boundary = '----tandem-pdf-boundary';
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(field('project_id', String(projectId))),
      Buffer.from(options.parentId ? field('parent_id', String(options.parentId)) : ''),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.name ?? 'report.pdf'}"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge/upload-pdf',
      payload,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': options.locale ?? 'en-US',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  }

  /** Uploads a PDF that must be accepted; answers its id and code. */
  async function uploaded(token: string, projectId: number, bytes: Buffer, name = 'report.pdf') {
    const answer = await upload(token, projectId, bytes, { name });
    if (answer.statusCode !== 200) throw new Error(`upload-pdf: ${answer.statusCode} ${answer.body}`);
    const data = answer.json().data as { id: number; uniq_code: string; page_count: number; name: string };
    return data;
  }

  return { ...api, upload, uploaded };
}
