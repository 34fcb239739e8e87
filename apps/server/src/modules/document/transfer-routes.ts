import fastifyMultipart from '@fastify/multipart';
import { KNOWLEDGE_API } from '@tandem/contract/api';
import { envelope } from '@tandem/contract/envelope';
import type { ErrorName } from '@tandem/contract/errors';
import { createDocData, exportDocQuery, exportDocsQuery } from '@tandem/contract/project';
import { DOC_BATCH_MAX, IMPORT_MAX_BYTES } from '@tandem/contract/project-rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { uploadBody } from '../../platform/http/body-timeout.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { createFileStore, uploadedFileName } from '../upload/index.ts';
import type { CollabServer } from './collab-server.ts';
import { type ExportedFile, exportDocuments } from './export-doc.ts';
import { importDocument } from './import-doc.ts';

export type TransferDeps = {
  db: Db;
  collab: CollabServer;
  storage: ObjectStorage;
  config: Pick<Config, 'publicUrl'>;
};

const MAX_ID = 2_147_483_647;

/** `attachment; filename*=UTF-8''…` with an ASCII fallback, so every browser keeps the document's name. */
export const contentDisposition = (fileName: string) =>
  `attachment; filename="${[...fileName].map((character) => (character >= ' ' && character <= '~' && character !== '"' && character !== '\\' ? character : '_')).join('')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

const field = (name: string) =>
  new AppError('BAD_REQUEST', { fields: [{ field: name, message: 'required' }] });

/**
 * The multipart body of import-doc (and upload-pdf, with its own limit): `file`, `project_id` and
 * `parent_id` (empty or absent: the root).
 */
export async function readImport(
  request: FastifyRequest,
  limit: { bytes: number; tooLarge: ErrorName } = {
    bytes: IMPORT_MAX_BYTES,
    tooLarge: 'DOCUMENT_IMPORT_TOO_LARGE',
  },
) {
  let file: { name: string; bytes: Buffer } | undefined;
  const values: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: limit.bytes, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw field('file');
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError(limit.tooLarge);
        file = { name: uploadedFileName(part.filename), bytes };
      } else if (typeof part.value === 'string') values[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    request.log.info({ err: error }, 'unreadable import body');
    throw new AppError('UPLOAD_MALFORMED');
  }
  if (!file) throw field('file');
  const id = (name: string, value: string | undefined) => {
    const number = Number(value);
    if (!/^\d+$/.test(value ?? '') || number < 1 || number > MAX_ID) throw field(name);
    return number;
  };
  const parent = values.parent_id;
  return {
    file,
    projectId: id('project_id', values.project_id),
    parentId: parent === undefined || parent === '' || parent === 'null' ? null : id('parent_id', parent),
  };
}

/** Importing files as documents and downloading documents (one, a group, or a selection as a zip). */
export const transferRoutes: FastifyPluginAsyncZod<TransferDeps> = async (app, deps) => {
  const { db, collab, config } = deps;
  const session = { onRequest: requireSession(db) };
  const files = createFileStore(db, deps.storage);
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  const send = (reply: FastifyReply, file: ExportedFile) =>
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'no-store')
      .send(file.body);
  const contextOf = (request: FastifyRequest) => ({
    locale: requestLocale(request),
    origin: config.publicUrl ?? `${request.protocol}://${request.host}`,
  });

  app.post(
    KNOWLEDGE_API.importDoc,
    {
      ...session,
      config: uploadBody(IMPORT_MAX_BYTES),
      schema: { response: { 200: envelope(createDocData) } },
    },
    async (request) => {
      const { file, projectId, parentId } = await readImport(request);
      return ok(
        await importDocument({ db, files }, sessionOf(request).userId, {
          projectId,
          parentId,
          fileName: file.name,
          bytes: file.bytes,
        }),
      );
    },
  );

  app.get(
    KNOWLEDGE_API.exportDoc,
    { ...session, schema: { querystring: exportDocQuery } },
    async (request, reply) =>
      send(
        reply,
        await exportDocuments(
          { db, collab, files },
          sessionOf(request).userId,
          [request.query.id],
          request.query.format,
          contextOf(request),
        ),
      ),
  );

  app.get(
    KNOWLEDGE_API.exportDocs,
    { ...session, schema: { querystring: exportDocsQuery } },
    async (request, reply) => {
      const ids = [...new Set(request.query.ids.split(',').map(Number))];
      if (ids.length > DOC_BATCH_MAX || ids.some((id) => id < 1 || id > MAX_ID)) throw field('ids');
      return send(
        reply,
        await exportDocuments(
          { db, collab, files },
          sessionOf(request).userId,
          ids,
          request.query.format,
          contextOf(request),
          true,
        ),
      );
    },
  );
};
