import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ObjectStorage } from '../../platform/storage/object-storage.ts';
import { siteImageRoutes } from './image-routes.ts';
import { type SiteDeps, siteRoutes } from './routes.ts';

/** The sites module's calls: a reply's site, its versions, previews and share, and the images it uses. */
export const siteModule: FastifyPluginAsyncZod<SiteDeps & { storage: ObjectStorage }> = async (app, deps) => {
  await app.register(siteRoutes, deps);
  await app.register(siteImageRoutes, { db: deps.db, storage: deps.storage });
};
