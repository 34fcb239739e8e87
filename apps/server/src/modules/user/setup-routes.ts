import { SETUP_API } from '@tandem/contract/api';
import { envelope } from '@tandem/contract/envelope';
import {
  checkSetupLinkData,
  checkSetupLinkQuery,
  claimSetupLinkBody,
  claimSetupLinkData,
} from '@tandem/contract/setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { claimSetupToken, isSetupTokenValid } from './setup-links.ts';

/** The setup page's calls: is the link still good, and use it up to become platform admin. */
export const setupRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    SETUP_API.checkLink,
    { schema: { querystring: checkSetupLinkQuery, response: { 200: envelope(checkSetupLinkData) } } },
    async (request) => ok({ valid: await isSetupTokenValid(db, request.query.token) }),
  );
  app.post(
    SETUP_API.claimLink,
    {
      onRequest: requireSession(db),
      schema: { body: claimSetupLinkBody, response: { 200: envelope(claimSetupLinkData) } },
    },
    async (request) => {
      await claimSetupToken(db, sessionOf(request).userId, request.body.token);
      return ok({ is_super: true as const });
    },
  );
};
