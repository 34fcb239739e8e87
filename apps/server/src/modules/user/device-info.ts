import { DEVICE_ID_HEADER } from '@tandem/contract/system';
import { deviceId as deviceIdSchema } from '@tandem/contract/user';
import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';
import { newToken } from '../../platform/auth/opaque-tokens.ts';
import type { DeviceInfo } from '../../platform/auth/sessions.ts';
import { locate } from '../../platform/geo/geoip.ts';

/**
 * A device name from the user agent, in no language (it is shown in every one): "Chrome 140 · macOS",
 * or empty when the agent says nothing usable (the page then says "Unknown device" in its language).
 */
export function deviceNameOf(userAgent: string): string {
  const { browser, os, device } = UAParser(userAgent);
  const browserName = [browser.name, browser.major].filter(Boolean).join(' ');
  const system = [device.vendor && device.model ? `${device.vendor} ${device.model}` : '', os.name]
    .filter(Boolean)
    .join(', ');
  return [browserName, system].filter(Boolean).join(' · ');
}

/** The device id of a sign-in: the X-Device-ID header, else the body's, else a new one for this sign-in. */
export function deviceIdOf(request: FastifyRequest, fromBody?: string): string {
  const parsed = deviceIdSchema.safeParse(request.headers[DEVICE_ID_HEADER]);
  return parsed.success ? parsed.data : (fromBody ?? newToken().slice(0, 32));
}

/** The device a sign-in comes from: its name, address, and where that address is. */
export async function deviceInfoOf(request: FastifyRequest, deviceId: string): Promise<DeviceInfo> {
  const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 512);
  const place = await locate(request.ip);
  return {
    deviceId,
    deviceName: deviceNameOf(userAgent),
    userAgent,
    ipAddress: request.ip,
    location: place?.region ?? '',
    countryCode: place?.countryCode ?? '',
  };
}
