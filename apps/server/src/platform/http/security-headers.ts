import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once: without CSP nonces they are the same for every answer, and
 * building them per request (helmet re-serialises the CSP each time) cost a third of a small API call.
 */
export function computeSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  const request = { headers: {} } as IncomingMessage;
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * JSON answers are never rendered as documents, so they carry the short set OWASP gives for REST
 * APIs instead of the page policy (a kilobyte per answer, most of it a CSP that cannot apply).
 */
export function apiSecurityHeaders(isHttpsOnly: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
    ...(isHttpsOnly ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
