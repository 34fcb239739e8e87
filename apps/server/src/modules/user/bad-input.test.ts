import { describe, expect, it } from 'vitest';
import { bearer, createUser, uniqueIp } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();

const CODE = '123456';
const PASSWORD = 'Secret123';
const EMAIL = 'someone-else@example.com';
const RESET_TOKEN = 'r'.repeat(43);

/** Every identity call with a well-formed payload; each field is then spoilt in turn. */
type Call = {
  url: string;
  isSignedIn: boolean;
  payload: Record<string, unknown>;
  /** Fields that may be left out (they have a default). */
  optional?: string[];
  /** Strings the server only compares (tokens, a password at sign-in, the typed confirmation). */
  opaque?: string[];
};

const CALLS: Call[] = [
  { url: '/api/user/get-sys-email-code', isSignedIn: false, payload: { email: EMAIL, type: 4 } },
  {
    url: '/api/user/get-sys-phone-code',
    isSignedIn: false,
    payload: { phone: '13912345678', country_code: '86', type: 4 },
    optional: ['country_code'],
  },
  {
    url: '/api/user/register',
    isSignedIn: false,
    payload: { email: EMAIL, valid_code: CODE, password: PASSWORD, agree: true },
  },
  {
    url: '/api/user/login',
    isSignedIn: false,
    payload: {
      user_name: EMAIL,
      password: PASSWORD,
      login_type: 0,
      real_name: 'Ada',
      device_id: 'device-abcdef12',
    },
    optional: ['login_type', 'real_name', 'device_id'],
    opaque: ['password'],
  },
  {
    url: '/api/user/reset-pwd-by-code',
    isSignedIn: false,
    payload: { email: EMAIL, valid_code: CODE, password: PASSWORD },
  },
  { url: '/api/user/get-reset-token', isSignedIn: false, payload: { email: EMAIL, valid_code: CODE } },
  {
    url: '/api/user/reset-pwd-by-token',
    isSignedIn: false,
    payload: { reset_token: RESET_TOKEN, password: PASSWORD },
    opaque: ['reset_token'],
  },
  { url: '/api/user/get-reset-email-token', isSignedIn: true, payload: { valid_code: CODE } },
  { url: '/api/user/get-reset-phone-token', isSignedIn: true, payload: { valid_code: CODE } },
  {
    url: '/api/user/get-reset-bind-email',
    isSignedIn: true,
    payload: { reset_token: RESET_TOKEN, email: EMAIL, valid_code: CODE },
    opaque: ['reset_token'],
  },
  { url: '/api/user/bind-new-email', isSignedIn: true, payload: { email: EMAIL, valid_code: CODE } },
  {
    url: '/api/user/get-reset-bind-phone',
    isSignedIn: true,
    payload: { reset_token: RESET_TOKEN, phone: '13912345678', country_code: '86', valid_code: CODE },
    optional: ['country_code'],
    opaque: ['reset_token'],
  },
  {
    url: '/api/user/bind-new-phone',
    isSignedIn: true,
    payload: { phone: '13912345678', country_code: '86', valid_code: CODE },
    optional: ['country_code'],
  },
  { url: '/api/user/update-base-user-info', isSignedIn: true, payload: { nick_name: 'Ada' } },
  { url: '/api/user/delete-user', isSignedIn: true, payload: { email: EMAIL }, opaque: ['email'] },
  {
    url: '/api/user/update-user-preference',
    isSignedIn: true,
    payload: { theme_id: 5, language_id: 3 },
    optional: ['theme_id', 'language_id'],
  },
  {
    url: '/api/device/get-user-device',
    isSignedIn: true,
    payload: { page: 1, page_size: 10 },
    optional: ['page', 'page_size'],
  },
  { url: '/api/device/logout-device', isSignedIn: true, payload: { device_id: 'not-this-device-1' } },
  {
    url: '/api/google/website-auth-info',
    isSignedIn: false,
    payload: { google_code: 'code', state: 'state' },
    opaque: ['google_code', 'state'],
  },
  {
    url: '/api/upload/upload_base64_img',
    isSignedIn: true,
    payload: { data: 'aGVsbG8=', fileExt: 'jpeg', fileName: 'a.jpg' },
    optional: ['fileName'],
    opaque: ['data'],
  },
];

/** Wrong types, huge strings and characters that hide or disguise text (NUL, which PostgreSQL cannot store). */
function spoilt(value: unknown): unknown[] {
  const wrongShapes = [null, [], {}, 'x'.repeat(100_000)];
  if (typeof value === 'string') {
    const tricks = ['\u202e', '\u200b', '\u0000', '\ud800', '\u0007'].map((c) => `${value}${c}`);
    return [...wrongShapes, 42, true, `\u202e${value}`, ...tricks];
  }
  if (typeof value === 'number') return [...wrongShapes, String(value), true, -1, 1.5, 2 ** 53];
  return [...wrongShapes, 42, String(value)];
}

const fieldsOf = (body: { data?: { fields?: { field: string }[] } }) =>
  (body.data?.fields ?? []).map((f) => f.field);

describe('every identity call', () => {
  it('answers wrong types, huge strings, unicode tricks and missing fields with a 400 naming the field', async () => {
    const { token } = await createUser(ctx.app);
    const problems: string[] = [];
    for (const call of CALLS) {
      const send = (payload: unknown) =>
        ctx.app.inject({
          method: 'POST',
          url: call.url,
          remoteAddress: uniqueIp(),
          headers: call.isSignedIn ? bearer(token) : {},
          payload: payload as object,
        });
      for (const [field, value] of Object.entries(call.payload)) {
        const { [field]: _, ...withoutField } = call.payload;
        const variants = spoilt(value).map((bad) => ({ ...call.payload, [field]: bad }));
        if (!call.optional?.includes(field)) variants.push(withoutField);
        for (const payload of variants) {
          const answer = await send(payload);
          const shown = `${call.url} ${field}=${JSON.stringify(payload[field] ?? '(missing)').slice(0, 24)}`;
          if (answer.statusCode >= 500) {
            problems.push(`${shown}: ${answer.statusCode} ${answer.body.slice(0, 80)}`);
          } else if (call.opaque?.includes(field) && typeof payload[field] === 'string') {
            // A token or a typed text the server only compares is simply not found: a business answer is right.
          } else if (answer.statusCode !== 400 || answer.json().code !== 1001) {
            problems.push(`${shown}: accepted as ${answer.statusCode} ${answer.json().code}`);
          } else if (!fieldsOf(answer.json()).some((f) => f === field || f.startsWith(`${field}.`))) {
            problems.push(`${shown}: fields ${JSON.stringify(fieldsOf(answer.json()))}`);
          }
        }
      }
      for (const body of ['not json', '[]', '42', 'null']) {
        const answer = await ctx.app.inject({
          method: 'POST',
          url: call.url,
          remoteAddress: uniqueIp(),
          headers: { ...(call.isSignedIn ? bearer(token) : {}), 'content-type': 'application/json' },
          payload: body,
        });
        if (answer.statusCode !== 400) problems.push(`${call.url} body ${body}: ${answer.statusCode}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers a malformed token or device header with 401 or the field, never a 500', async () => {
    const { token } = await createUser(ctx.app);
    for (const authorization of ['Bearer', 'Bearer  ', `Bearer ${'t'.repeat(10_000)}`, 'Basic abc', token]) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/account',
        headers: { authorization },
      });
      expect(answer.statusCode, authorization.slice(0, 20)).toBe(401);
    }
    for (const deviceId of ['x', 'd'.repeat(10_000), '../../etc', 'device\u202eabc']) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: uniqueIp(),
        headers: { 'x-device-id': encodeURIComponent(deviceId) },
        payload: { user_name: EMAIL, password: PASSWORD },
      });
      expect(answer.statusCode).toBeLessThan(500);
    }
  });
});
