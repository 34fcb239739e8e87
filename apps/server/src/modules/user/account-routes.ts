import { envelope } from '@tandem/contract/envelope';
import {
  bindNewEmailBody,
  bindNewPhoneBody,
  deleteUserBody,
  getResetEmailTokenBody,
  getResetPhoneTokenBody,
  getResetTokenBody,
  PROFILE_API,
  preferenceConfigsData,
  RESET_API,
  resetBindEmailBody,
  resetBindPhoneBody,
  resetPasswordByCodeBody,
  resetPasswordByTokenBody,
  resetTokenData,
  updateBaseUserInfoBody,
  updatePreferenceBody,
  userPreferenceData,
} from '@tandem/contract/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http/envelope.ts';
import { GUESSING_LIMIT } from '../../platform/http/rate-limit.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import { addressOfBody } from './accounts.ts';
import {
  changeAddress,
  changeTokenForCode,
  resetPasswordByCode,
  resetPasswordByToken,
  resetTokenForCode,
} from './credentials.ts';
import {
  deleteAccount,
  preferenceConfigs,
  updateBaseUserInfo,
  updatePreference,
  userPreference,
} from './profile.ts';

const emptyData = envelope(z.null());
const tokenAnswer = { response: { 200: envelope(resetTokenData) } };

/** Password reset, email and phone change, profile, preferences and deletion. */
export const accountRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const signedIn = { onRequest: requireSession(db) };

  // Password reset: one step with the code (account settings), or code → token → password (/forget).
  app.post(
    RESET_API.resetPasswordByCode,
    { config: GUESSING_LIMIT, schema: { body: resetPasswordByCodeBody, response: { 200: emptyData } } },
    async ({ body }) => {
      await resetPasswordByCode(db, addressOfBody(body), body.valid_code, body.password);
      return ok(null);
    },
  );
  app.post(
    RESET_API.getResetToken,
    { config: GUESSING_LIMIT, schema: { body: getResetTokenBody, ...tokenAnswer } },
    async ({ body }) =>
      ok({ reset_token: await resetTokenForCode(db, addressOfBody(body), body.valid_code) }),
  );
  app.post(
    RESET_API.resetPasswordByToken,
    { config: GUESSING_LIMIT, schema: { body: resetPasswordByTokenBody, response: { 200: emptyData } } },
    async ({ body }) => {
      await resetPasswordByToken(db, body.reset_token, body.password);
      return ok(null);
    },
  );

  // Email and phone: step 2 trades the old address's code for a token; step 4 sets the new address.
  app.post(
    RESET_API.getResetEmailToken,
    { config: GUESSING_LIMIT, ...signedIn, schema: { body: getResetEmailTokenBody, ...tokenAnswer } },
    async (request) =>
      ok({
        reset_token: await changeTokenForCode(
          db,
          sessionOf(request).userId,
          'email',
          request.body.valid_code,
        ),
      }),
  );
  app.post(
    RESET_API.getResetPhoneToken,
    { config: GUESSING_LIMIT, ...signedIn, schema: { body: getResetPhoneTokenBody, ...tokenAnswer } },
    async (request) =>
      ok({
        reset_token: await changeTokenForCode(
          db,
          sessionOf(request).userId,
          'phone',
          request.body.valid_code,
        ),
      }),
  );
  app.post(
    RESET_API.resetBindEmail,
    { ...signedIn, schema: { body: resetBindEmailBody, response: { 200: emptyData } } },
    async (request) => {
      const { email, valid_code, reset_token } = request.body;
      await changeAddress(db, sessionOf(request).userId, { kind: 'email', email }, valid_code, reset_token);
      return ok(null);
    },
  );
  app.post(
    RESET_API.bindNewEmail,
    { ...signedIn, schema: { body: bindNewEmailBody, response: { 200: emptyData } } },
    async (request) => {
      const { email, valid_code } = request.body;
      await changeAddress(db, sessionOf(request).userId, { kind: 'email', email }, valid_code, undefined);
      return ok(null);
    },
  );
  app.post(
    RESET_API.resetBindPhone,
    { ...signedIn, schema: { body: resetBindPhoneBody, response: { 200: emptyData } } },
    async (request) => {
      const { valid_code, reset_token } = request.body;
      await changeAddress(
        db,
        sessionOf(request).userId,
        addressOfBody(request.body),
        valid_code,
        reset_token,
      );
      return ok(null);
    },
  );
  app.post(
    RESET_API.bindNewPhone,
    { ...signedIn, schema: { body: bindNewPhoneBody, response: { 200: emptyData } } },
    async (request) => {
      await changeAddress(
        db,
        sessionOf(request).userId,
        addressOfBody(request.body),
        request.body.valid_code,
        undefined,
      );
      return ok(null);
    },
  );

  app.post(
    PROFILE_API.updateBaseUserInfo,
    { ...signedIn, schema: { body: updateBaseUserInfoBody, response: { 200: emptyData } } },
    async (request) => {
      await updateBaseUserInfo(db, sessionOf(request).userId, request.body);
      return ok(null);
    },
  );
  app.post(
    PROFILE_API.deleteUser,
    { ...signedIn, schema: { body: deleteUserBody, response: { 200: emptyData } } },
    async (request) => {
      await deleteAccount(db, sessionOf(request).userId, request.body);
      return ok(null);
    },
  );

  // Preferences: options are public (the sign-in page can show them); the user's own need a session.
  app.get(
    PROFILE_API.preferenceConfigs,
    { schema: { response: { 200: envelope(preferenceConfigsData) } } },
    async (request) => ok(preferenceConfigs(requestLocale(request))),
  );
  app.post(
    PROFILE_API.getPreference,
    { ...signedIn, schema: { response: { 200: envelope(userPreferenceData) } } },
    async (request) => ok(await userPreference(db, sessionOf(request).userId)),
  );
  app.post(
    PROFILE_API.updatePreference,
    { ...signedIn, schema: { body: updatePreferenceBody, response: { 200: envelope(userPreferenceData) } } },
    async (request) => ok(await updatePreference(db, sessionOf(request).userId, request.body)),
  );
};
