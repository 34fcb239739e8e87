import type { APIRequestContext } from '@playwright/test';

/** Calls the API as `token` (from device `deviceId`) and answers the envelope's data. */
export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: object,
  deviceId = 'e2e-agents-api',
) {
  const response = await request.fetch(url, {
    method,
    data,
    headers: { authorization: `Bearer ${token}`, 'x-device-id': deviceId },
  });
  const body = await response.json();
  if (body.code !== 0) throw new Error(`${url}: ${JSON.stringify(body)}`);
  return body.data as T;
}
