import { z } from 'zod';
import { CODE_LENGTH, EMAIL_MAX, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';

/** Control and format characters (zero-width, bidirectional overrides), which can disguise a name. */
const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}]/u;

/** Trimmed, NFC-normalised text without control or direction-override characters. */
export const safeText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z
        .string()
        .max(max)
        .refine((value) => !UNSAFE_CHARACTERS.test(value), 'unsupported characters'),
    );

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = z
  .string()
  .max(EMAIL_MAX * 2)
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.string().min(3).max(EMAIL_MAX).regex(EMAIL_PATTERN, 'invalid email'));

export const DEFAULT_COUNTRY_CODE = '86';
export const countryCode = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, 'invalid country code');

/** Dial code 86: 11 digits starting 1, second digit 3 to 9. Elsewhere digits only. */
export function isValidPhone(phone: string, dialCode: string): boolean {
  return dialCode === '86' ? /^1[3-9]\d{9}$/.test(phone) : /^\d{4,15}$/.test(phone);
}

export const phoneWithCountry = z
  .object({ phone: z.string().trim().max(20), country_code: countryCode.default(DEFAULT_COUNTRY_CODE) })
  .refine((v) => isValidPhone(v.phone, v.country_code), { message: 'invalid phone', path: ['phone'] });

/** 8 to 16 characters with upper case, lower case and digits. */
export const password = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine(
    (v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v),
    'needs upper case, lower case and digits',
  );

export const verificationCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'code is 6 digits');

/** Why a code is sent: 1 register, 2 change or bind email/phone, 3 reset password, 4 sign in. */
export const CODE_PURPOSES = { register: 1, change: 2, resetPassword: 3, signIn: 4 } as const;
export const codePurpose = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const nickName = safeText(NICKNAME_MAX).pipe(z.string().min(1, 'nickname cannot be empty'));

export const deviceId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[\w-]+$/);

export const getEmailCodeBody = z.object({ email, type: codePurpose });
export const getPhoneCodeBody = phoneWithCountry.and(z.object({ type: codePurpose }));

export const registerBody = z
  .union([z.object({ email }), phoneWithCountry])
  .and(z.object({ valid_code: verificationCode, password, agree: z.literal(true) }));
export type RegisterBody = z.infer<typeof registerBody>;

export const LOGIN_TYPES = { password: 0, code: 1 } as const;
export const loginBody = z
  .object({
    user_name: z
      .string()
      .max(EMAIL_MAX * 2)
      .transform((v) => v.trim()),
    password: z
      .string()
      .max(PASSWORD_MAX * 4)
      .optional()
      .transform((v) => v?.trim() ?? ''),
    valid_code: z
      .string()
      .max(32)
      .optional()
      .transform((v) => v?.trim() ?? ''),
    login_type: z.union([z.literal(0), z.literal(1)]).default(0),
    real_name: safeText(100).default(''),
    device_id: deviceId.optional(),
    country_code: countryCode.optional(),
  })
  .refine((v) => v.user_name.length > 0, { message: 'required', path: ['user_name'] })
  .refine((v) => v.login_type !== 0 || v.password.length > 0, { message: 'required', path: ['password'] })
  .refine((v) => v.login_type !== 1 || new RegExp(`^\\d{${CODE_LENGTH}}$`).test(v.valid_code), {
    message: 'code is 6 digits',
    path: ['valid_code'],
  });
export type LoginBody = z.infer<typeof loginBody>;

export const tokenData = z.object({ token: z.string() });

export const preference = z.object({
  theme_id: z.number().int(),
  theme_key: z.enum(['light', 'dark', 'system']),
  language_id: z.number().int(),
  language_key: z.string(),
});

export const accountUser = z.object({
  id: z.number().int(),
  user_name: z.string(),
  real_name: z.string(),
  nick_name: z.string(),
  phone: z.string(),
  country_code: z.string(),
  email: z.string(),
  avatar: z.string(),
  current_team_id: z.number().int(),
  current_team: z.object({
    team_id: z.number().int(),
    id: z.number().int(),
    name: z.string(),
    avatar: z.string(),
    team_type: z.number().int(),
    team_roles: z.array(z.string()),
  }),
  current_team_ver: z.object({
    ver_id: z.number().int(),
    ver_name: z.string(),
    numerical_auth: z.object({
      points_quota: z.object({ points_quota_surplus_numerical: z.number().int() }),
    }),
  }),
  has_roles: z.array(z.string()),
  app_role: z.array(z.string()),
  is_super: z.boolean(),
  preference,
  created_at: z.string(),
});
export type AccountUser = z.infer<typeof accountUser>;

export const identityCheckData = z.object({
  auth_result: z.union([z.literal(0), z.literal(1)]),
  user_id: z.number().int(),
  token: z.string(),
});

export const USER_API = {
  account: '/api/user/account',
  login: '/api/user/login',
  logout: '/api/user/logout',
  register: '/api/user/register',
  emailCode: '/api/user/get-sys-email-code',
  phoneCode: '/api/user/get-sys-phone-code',
  heartbeat: '/api/user/user-heartbeat',
  checkIdentity: '/api/user/check-identity',
} as const;
