import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import { envelope } from '@tandem/contract/envelope';
import { PDF_MAX_BYTES } from '@tandem/contract/limits';
import { PDF_API, pdfData, pdfFileQuery, pdfQuery, uploadPdfData } from '@tandem/contract/pdf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { optionalUserId, requireSession, sessionOf, signIn } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { uploadBody } from '../../platform/http/body-timeout.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { contentDisposition, readImport } from '../document/index.ts';
import { createFileStore } from '../upload/index.ts';
import { getPdf, readablePdf } from './pdf-service.ts';
import { uploadPdf } from './pdf-upload.ts';

/** A PDF's name as a file: the catalogue's name (cleaned already) with `.pdf`. */
const fileNameOf = (name: string) => `${name || 'document'}.pdf`;

/**
 * PDFs in the catalogue (listed in docs/api.md): upload one file a request, the viewer's
 * information and the file itself. A share link's code opens one PDF read-only to anyone, as for
 * documents; everything else needs a session and the project's permission.
 */
export const pdfRoutes: FastifyPluginAsyncZod<{ db: Db; storage: ObjectStorage }> = async (app, deps) => {
  const { db } = deps;
  const store = createFileStore(db, deps.storage);
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  const callerOf = (request: FastifyRequest, reply: FastifyReply, shareCode: string | undefined) => () =>
    shareCode === undefined
      ? signIn(db, request, reply).then((user) => user.userId)
      : optionalUserId(db, request);

  app.post(
    PDF_API.upload,
    {
      onRequest: requireSession(db),
      config: uploadBody(PDF_MAX_BYTES),
      schema: { response: { 200: envelope(uploadPdfData) } },
    },
    async (request) => {
      const { file, projectId, parentId } = await readImport(request, {
        bytes: PDF_MAX_BYTES,
        tooLarge: 'PDF_TOO_LARGE',
      });
      return ok(
        await uploadPdf({ db, files: store }, sessionOf(request).userId, {
          projectId,
          parentId,
          fileName: file.name,
          bytes: file.bytes,
        }),
      );
    },
  );

  app.get(
    PDF_API.info,
    { schema: { querystring: pdfQuery, response: { 200: envelope(pdfData) } } },
    async (request, reply) => {
      const { uniq_code: uniqCode, share_code: shareCode } = request.query;
      return ok(await getPdf(db, { uniqCode, shareCode }, callerOf(request, reply, shareCode)));
    },
  );

  app.get(PDF_API.file, { schema: { querystring: pdfFileQuery } }, async (request, reply) => {
    const { uniq_code: uniqCode, share_code: shareCode, download } = request.query;
    const pdf = await readablePdf(db, { uniqCode, shareCode }, callerOf(request, reply, shareCode));
    const object = request.method === 'HEAD' ? await store.stat(pdf.fileId) : await store.open(pdf.fileId);
    if (!object) throw new AppError('NOT_FOUND');
    const fileName = fileNameOf(pdf.document.name);
    return reply
      .header('content-type', pdf.mimeType)
      .header('content-length', object.size)
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header(
        'content-disposition',
        download === 1
          ? contentDisposition(fileName)
          : `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      )
      .send('body' in object ? object.body : Readable.from([]));
  });
};
