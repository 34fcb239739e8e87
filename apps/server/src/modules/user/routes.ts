import { envelope } from '@tandem/contract/envelope';
import {
  accountUser,
  CODE_PURPOSES,
  getEmailCodeBody,
  getPhoneCodeBody,
  identityCheckData,
  loginBody,
  registerBody,
  tokenData,
  USER_API,
} from '@tandem/contract/user';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf, signIn } from '../../platform/auth/guard.ts';
import { endSession, openSession } from '../../platform/auth/sessions.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { GUESSING_LIMIT } from '../../platform/http/rate-limit.ts';
import { requestLocale, requestPreference } from '../../platform/http/request-locale.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { cachedAccount } from './account-presenter.ts';
import {
  type Address,
  addressKey,
  codeTargetOf,
  findUserByAddress,
  registerUser,
  verifyCredentials,
} from './accounts.ts';
import { codeMessage } from './code-message.ts';
import { deviceIdOf, deviceInfoOf } from './device-info.ts';
import { warnOwnerOfLock } from './lock-warning.ts';
import { applyAdminEmails } from './platform-admins.ts';
import { issueCode, withdrawCode } from './verification-codes.ts';

export type UserDeps = { db: Db; messenger: Messenger; codesPerIpPerHour: number; adminEmails: string[] };

const emptyData = envelope(z.null());

export const userRoutes: FastifyPluginAsyncZod<UserDeps> = async (
  app,
  { db, messenger, codesPerIpPerHour, adminEmails },
) => {
  const signedIn = { onRequest: requireSession(db) };

  /**
   * Register codes go to free addresses, sign-in and reset codes to known ones. Change codes (type 2)
   * need a session: they go to the caller's own address (change step 1) or to a free one (step 3).
   */
  async function sendCode(request: FastifyRequest, reply: FastifyReply, address: Address, purpose: number) {
    const owner = await findUserByAddress(db, address);
    if (purpose === CODE_PURPOSES.register && owner) throw new AppError('ACCOUNT_EXISTS');
    if ((purpose === CODE_PURPOSES.signIn || purpose === CODE_PURPOSES.resetPassword) && !owner) {
      throw new AppError('ACCOUNT_NOT_FOUND');
    }
    if (purpose === CODE_PURPOSES.change) {
      const session = await signIn(db, request, reply);
      if (owner && owner.id !== session.userId) {
        throw new AppError(address.kind === 'email' ? 'EMAIL_DUPLICATE' : 'PHONE_DUPLICATE');
      }
    }
    const locale = requestLocale(request);
    const target = codeTargetOf(address, purpose);
    const { code, id } = await issueCode(db, target, request.ip, codesPerIpPerHour);
    try {
      await messenger.send({
        channel: target.channel,
        to: addressKey(address),
        code,
        ...codeMessage(locale, purpose, code),
      });
    } catch (error) {
      // A mail server refusing the address is the user's input, not our failure; an outage is logged too.
      request.log.error({ err: error, channel: target.channel }, 'verification code not sent');
      await withdrawCode(db, id);
      throw new AppError('CODE_NOT_SENT');
    }
  }

  app.post(
    USER_API.emailCode,
    { config: GUESSING_LIMIT, schema: { body: getEmailCodeBody, response: { 200: emptyData } } },
    async (request, reply) => {
      await sendCode(request, reply, { kind: 'email', email: request.body.email }, request.body.type);
      return ok(null);
    },
  );

  app.post(
    USER_API.phoneCode,
    { config: GUESSING_LIMIT, schema: { body: getPhoneCodeBody, response: { 200: emptyData } } },
    async (request, reply) => {
      const address: Address = {
        kind: 'phone',
        phone: request.body.phone,
        countryCode: request.body.country_code,
      };
      await sendCode(request, reply, address, request.body.type);
      return ok(null);
    },
  );

  app.post(
    USER_API.register,
    { config: GUESSING_LIMIT, schema: { body: registerBody, response: { 200: envelope(tokenData) } } },
    async (request) => {
      const userId = await registerUser(db, request.body, requestPreference(request));
      await applyAdminEmails(db, adminEmails, userId);
      const deviceId = deviceIdOf(request);
      const token = await openSession(db, userId, await deviceInfoOf(request, deviceId));
      return ok({ token });
    },
  );

  app.post(
    USER_API.login,
    { config: GUESSING_LIMIT, schema: { body: loginBody, response: { 200: envelope(tokenData) } } },
    async (request) => {
      const userId = await verifyCredentials(db, request.body, request.ip, (user) =>
        // A mail that cannot go out must not change the answer the sign-in gets.
        warnOwnerOfLock(messenger, user, request.ip).catch((error: unknown) => {
          request.log.error({ err: error }, 'sign-in lock warning not sent');
        }),
      );
      await applyAdminEmails(db, adminEmails, userId);
      const deviceId = deviceIdOf(request, request.body.device_id);
      const token = await openSession(db, userId, await deviceInfoOf(request, deviceId));
      return ok({ token });
    },
  );

  app.post(USER_API.logout, { ...signedIn, schema: { response: { 200: emptyData } } }, async (request) => {
    await endSession(db, sessionOf(request), 'logout');
    return ok(null);
  });

  app.get(
    USER_API.account,
    { ...signedIn, schema: { response: { 200: envelope(accountUser) } } },
    async (request) => ok(await cachedAccount(db, sessionOf(request).userId)),
  );

  app.get(
    USER_API.heartbeat,
    { ...signedIn, schema: { response: { 200: envelope(z.object({ user_id: z.number() })) } } },
    async (request) => ok({ user_id: sessionOf(request).userId }),
  );

  /** The 60-second identity check: auth_result 1 with the session's user id and token. */
  app.get(
    USER_API.checkIdentity,
    { ...signedIn, schema: { response: { 200: envelope(identityCheckData) } } },
    async (request) => {
      const session = sessionOf(request);
      return ok({ auth_result: 1 as const, user_id: session.userId, token: session.token });
    },
  );
};
