import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AttachmentDeps, attachmentRoutes } from './attachment-routes.ts';
import { documentRoutes } from './routes.ts';
import { type TransferDeps, transferRoutes } from './transfer-routes.ts';

/**
 * The documents module's calls: a document's content and collaboration token, imports and exports,
 * and attachments' share links. The collaboration websocket itself is routed by app.ts.
 */
export const documentModule: FastifyPluginAsyncZod<TransferDeps & AttachmentDeps> = async (app, deps) => {
  await app.register(documentRoutes, { db: deps.db, collab: deps.collab });
  await app.register(transferRoutes, deps);
  await app.register(attachmentRoutes, deps);
};
