import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account-routes.ts';
import { type UserDeps, userRoutes } from './routes.ts';
import { setupRoutes } from './setup-routes.ts';

/** The user module's calls: sign-up, sign-in and codes, the account and profile, the first-admin set-up. */
export const userModule: FastifyPluginAsyncZod<UserDeps> = async (app, deps) => {
  await app.register(userRoutes, deps);
  await app.register(accountRoutes, { db: deps.db });
  await app.register(setupRoutes, { db: deps.db });
};
