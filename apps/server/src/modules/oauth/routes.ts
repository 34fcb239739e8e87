import { envelope } from '@tandem/contract/envelope';
import { OAUTH_API, tokenData, websiteAuthData, websiteAuthInfoBody } from '@tandem/contract/user';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { oauthStates } from '../../db/schema.ts';
import { openSession } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { GUESSING_LIMIT } from '../../platform/http/rate-limit.ts';
import { requestPreference } from '../../platform/http/request-locale.ts';
import { applyAdminEmails, deviceIdOf, deviceInfoOf } from '../user/index.ts';
import { userForIdentity } from './identities.ts';
import { createOidcClient } from './oidc-client.ts';

/** The web page the provider sends the browser back to (spec route /google_auth/:google_code?). */
const CALLBACK_PATH = '/google_auth';

/**
 * Third-party sign-in by OpenID Connect (Google preset). The start answers the provider's URL; the
 * page at /google_auth posts back the code and state, and the answer is a session token.
 */
export const oauthRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const client = config.oidc ? createOidcClient(config.oidc) : undefined;
  const redirectUriOf = (request: FastifyRequest) =>
    new URL(CALLBACK_PATH, config.publicUrl ?? `${request.protocol}://${request.host}`).href;
  const requireClient = () => {
    if (!client) throw new AppError('NOT_FOUND');
    return client;
  };

  app.get(OAUTH_API.start, { schema: { response: { 200: envelope(websiteAuthData) } } }, async (request) => {
    const oidc = requireClient();
    const started = await oidc.start(redirectUriOf(request)).catch((error: unknown) => {
      request.log.error({ err: error }, 'OpenID provider unreachable');
      throw new AppError('AUTHENTICATION_FAILED');
    });
    await db.insert(oauthStates).values({
      state: started.state,
      codeVerifier: started.codeVerifier,
      nonce: started.nonce,
      expiresAt: new Date(Date.now() + oidc.stateLifetimeMs),
    });
    return ok({ url: started.url });
  });

  app.post(
    OAUTH_API.callback,
    { config: GUESSING_LIMIT, schema: { body: websiteAuthInfoBody, response: { 200: envelope(tokenData) } } },
    async (request) => {
      const oidc = requireClient();
      const { google_code, state, iss } = request.body;
      // The state is used once, whether the exchange then succeeds or not.
      const [pending] = await db
        .delete(oauthStates)
        .where(and(eq(oauthStates.state, state), gt(oauthStates.expiresAt, new Date())))
        .returning();
      if (!pending) throw new AppError('AUTHENTICATION_FAILED');
      const claims = await oidc
        .finish(redirectUriOf(request), { code: google_code, iss }, pending)
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'OpenID sign-in refused');
          throw new AppError('AUTHENTICATION_FAILED');
        });
      const userId = await userForIdentity(db, claims, requestPreference(request));
      await applyAdminEmails(db, config.adminEmails, userId);
      return ok({ token: await openSession(db, userId, await deviceInfoOf(request, deviceIdOf(request))) });
    },
  );
};
