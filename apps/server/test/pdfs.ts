import { knowledgeApi } from './knowledge.ts';
import type { TestContext } from './test-app.ts';

export { cjkFontlessPdf, scannedPdf, textPdf } from './pdf-files.ts';

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
