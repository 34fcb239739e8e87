import { envelope, pageOf } from '@tandem/contract/envelope';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import { NOTIFICATION_TYPES } from '@tandem/contract/realtime-channels';
import {
  DEVICE_API,
  device,
  deviceListBody,
  logoutAllDeviceBody,
  logoutDeviceBody,
  signInFailure,
} from '@tandem/contract/user';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { requireSession, sessionOf } from '../../platform/auth/guard.ts';
import { endOtherSessions, endSession } from '../../platform/auth/sessions.ts';
import { describePlace, isPrivateAddress, locate, type Place } from '../../platform/geo/geoip.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requestLocale } from '../../platform/http/request-locale.ts';
import type { Realtime } from '../../platform/realtime/realtime.ts';
import { failuresOfUser } from '../user/index.ts';

const ACTIVE = 0;

/** Where an address is in the reader's language, or "local network" / "unknown". */
const placeText = (ipAddress: string, place: Place | undefined, locale: Locale) =>
  place
    ? describePlace(place, locale)
    : translate(locale, isPrivateAddress(ipAddress) ? 'device_location.local' : 'device_location.unknown');

/**
 * The signed-in devices of the user: list them, sign one out, or sign out all the others. A device
 * signed out remotely hears it at once on the user's realtime channel and shows the refresh modal.
 */
export const deviceRoutes: FastifyPluginAsyncZod<{ db: Db; realtime: Realtime }> = async (
  app,
  { db, realtime },
) => {
  const signedIn = { onRequest: requireSession(db) };
  const announceLogout = (userId: number, deviceIds: string[]) =>
    deviceIds.length > 0
      ? realtime.notifyUser(userId, { type: NOTIFICATION_TYPES.userLogout, device_ids: deviceIds })
      : undefined;
  const liveSessionsOf = (userId: number) => and(eq(sessions.userId, userId), isNull(sessions.endedAt));

  app.post(
    DEVICE_API.list,
    {
      ...signedIn,
      schema: {
        body: deviceListBody.default({ page: 1, page_size: 10 }),
        response: { 200: envelope(pageOf(device)) },
      },
    },
    async (request) => {
      const { userId, sessionId } = sessionOf(request);
      const { page, page_size } = request.body;
      const locale = requestLocale(request);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sessions)
          .where(liveSessionsOf(userId))
          .orderBy(desc(sessions.lastActiveAt), desc(sessions.id))
          .limit(page_size)
          .offset((page - 1) * page_size),
        db.select({ n: count() }).from(sessions).where(liveSessionsOf(userId)),
      ]);
      return ok({
        data: rows.map((row) => ({
          device_id: row.deviceId,
          device_name: row.deviceName,
          last_login_time: row.lastActiveAt.toISOString(),
          ip_address: row.ipAddress,
          location: placeText(
            row.ipAddress,
            row.countryCode ? { countryCode: row.countryCode, region: row.location } : undefined,
            locale,
          ),
          status: ACTIVE,
          is_current: row.id === sessionId,
        })),
        total: total?.n ?? 0,
      });
    },
  );

  /** Failed sign-ins to this account per address, so the owner sees when someone tried to get in. */
  app.get(
    DEVICE_API.signInFailures,
    { ...signedIn, schema: { response: { 200: envelope(pageOf(signInFailure)) } } },
    async (request) => {
      const locale = requestLocale(request);
      const failures = await failuresOfUser(db, sessionOf(request).userId);
      const data = await Promise.all(
        failures.map(async (failure) => ({
          ip_address: failure.ipAddress,
          location: placeText(failure.ipAddress, await locate(failure.ipAddress), locale),
          count: failure.count,
          first_time: failure.first.toISOString(),
          last_time: failure.last.toISOString(),
          locked_until: failure.lockedUntil?.toISOString() ?? null,
        })),
      );
      return ok({ data, total: data.length });
    },
  );

  /** Signs one device out; that device's next call answers 1040. Signing out this device is a logout. */
  app.post(
    DEVICE_API.logout,
    { ...signedIn, schema: { body: logoutDeviceBody, response: { 200: envelope(z.null()) } } },
    async (request) => {
      const { userId, sessionId } = sessionOf(request);
      const [target] = await db
        .select({ id: sessions.id, deviceId: sessions.deviceId })
        .from(sessions)
        .where(and(liveSessionsOf(userId), eq(sessions.deviceId, request.body.device_id)))
        .limit(1);
      if (!target) throw new AppError('NOT_FOUND');
      const isThisDevice = target.id === sessionId;
      await endSession(db, { sessionId: target.id, userId }, isThisDevice ? 'logout' : 'remote');
      if (!isThisDevice) await announceLogout(userId, [target.deviceId]);
      return ok(null);
    },
  );

  app.post(
    DEVICE_API.logoutAll,
    {
      ...signedIn,
      schema: {
        body: logoutAllDeviceBody.default({ except_current: 1 }),
        response: { 200: envelope(z.object({ count: z.number().int() })) },
      },
    },
    async (request) => {
      const { userId, sessionId } = sessionOf(request);
      const deviceIds = await endOtherSessions(db, userId, sessionId);
      await announceLogout(userId, deviceIds);
      return ok({ count: deviceIds.length });
    },
  );
};
