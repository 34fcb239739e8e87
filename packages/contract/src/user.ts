import { z } from 'zod';
import {
  DEFAULT_COUNTRY_CODE,
  EMAIL_PATTERN,
  hasUnsafeCharacters,
  isValidPassword,
  isValidPhone,
} from './account-rules.ts';
import { CODE_LENGTH, EMAIL_MAX, NICKNAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits.ts';

export {
  CODE_PURPOSES,
  DEFAULT_COUNTRY_CODE,
  EMAIL_PATTERN,
  isValidPassword,
  isValidPhone,
  LOGIN_TYPES,
} from './account-rules.ts';
export { DEVICE_API, OAUTH_API, PROFILE_API, RESET_API, UPLOAD_API, USER_API } from './api.ts';

/** Trimmed, NFC-normalised text of at most `max` characters, without control or direction-override characters. */
export const safeText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => value.normalize('NFC').trim())
    .pipe(
      z
        .string()
        // Characters, not UTF-16 units: an emoji counts once.
        .refine((value) => [...value].length <= max, `at most ${max} characters`)
        .refine((value) => !hasUnsafeCharacters(value), 'unsupported characters'),
    );

/**
 * The one rule of every name or title people see (nickname, team, department, agent, model, conversation):
 * `safeText`, and at least `min` characters.
 */
export const nameText = (max: number, min = 1) =>
  safeText(max).pipe(z.string().min(min, min === 1 ? 'required' : `at least ${min} characters`));

export const email = z
  .string()
  .max(EMAIL_MAX * 2)
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(3)
      .max(EMAIL_MAX)
      .regex(EMAIL_PATTERN, 'invalid email')
      .refine((value) => !hasUnsafeCharacters(value), 'unsupported characters'),
  );

export const countryCode = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, 'invalid country code');

export const phoneWithCountry = z
  .object({ phone: z.string().trim().max(20), country_code: countryCode.default(DEFAULT_COUNTRY_CODE) })
  .refine((v) => isValidPhone(v.phone, v.country_code), { message: 'invalid phone', path: ['phone'] });

/** 8 to 16 characters with upper case, lower case and digits. */
export const password = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .refine((v) => isValidPassword(v, PASSWORD_MIN, PASSWORD_MAX), 'needs upper case, lower case and digits')
  .refine((v) => !hasUnsafeCharacters(v), 'unsupported characters');

export const verificationCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'code is 6 digits');

export const codePurpose = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const nickName = nameText(NICKNAME_MAX);

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

export const loginBody = z
  .object({
    user_name: z
      .string()
      .max(EMAIL_MAX * 2)
      .transform((v) => v.trim())
      .refine((v) => !hasUnsafeCharacters(v), 'unsupported characters'),
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

/* ----------------------------------------------------------------------------------------------
 * Password reset (/forget and account settings), email and phone change, profile, deletion,
 * preferences, devices, uploads and third-party sign-in. Paths are the spec's; payloads the spec
 * does not show are designed here and listed in docs/api.md.
 * -------------------------------------------------------------------------------------------- */

/** An address to send a code to or find an account by: `{email}` or `{phone, country_code}`. */
export const addressBody = z.union([z.object({ email }), phoneWithCountry]);
export type AddressBody = z.infer<typeof addressBody>;

/** One-step reset: the code sent with type 3 plus the new password. Ends every session. */
export const resetPasswordByCodeBody = addressBody.and(z.object({ valid_code: verificationCode, password }));

/** Step 1 of /forget: trade the type-3 code for a reset token (10 minutes, single use). */
export const getResetTokenBody = addressBody.and(z.object({ valid_code: verificationCode }));
export const resetTokenData = z.object({ reset_token: z.string() });
const resetToken = z.string().trim().min(16).max(128);

/** Step 2 of /forget: the new password with the reset token. Ends every session. */
export const resetPasswordByTokenBody = z.object({ reset_token: resetToken, password });

/** Email change step 2 (code of type 2 sent to the current email) and phone change likewise. */
export const getResetEmailTokenBody = z.object({ valid_code: verificationCode });
export const getResetPhoneTokenBody = z.object({ valid_code: verificationCode });

/** Email change step 4: the reset token, the new email and the code sent to it. */
export const resetBindEmailBody = z.object({ reset_token: resetToken, email, valid_code: verificationCode });
/** Bind an email when the account has none: the new email and its code. */
export const bindNewEmailBody = z.object({ email, valid_code: verificationCode });
/** Phone rebind: the reset token, the new phone and the code sent to it. */
export const resetBindPhoneBody = phoneWithCountry.and(
  z.object({ reset_token: resetToken, valid_code: verificationCode }),
);
/** Bind a phone when the account has none. */
export const bindNewPhoneBody = phoneWithCountry.and(z.object({ valid_code: verificationCode }));

/** Nickname and/or avatar; the avatar is a URL this server answered from an upload. */
export const updateBaseUserInfoBody = z
  .object({
    nick_name: nickName.optional(),
    avatar: z
      .string()
      .trim()
      .max(512)
      .regex(/^\/api\/upload\/files\/[\w.-]+$/, 'not an uploaded image')
      .optional(),
  })
  .refine((v) => v.nick_name !== undefined || v.avatar !== undefined, {
    message: 'required',
    path: ['nick_name'],
  });

/** Delete account: the account's own email, or its phone when it has no email. */
export const deleteUserBody = z.union([
  z.object({
    email: z
      .string()
      .trim()
      .max(EMAIL_MAX * 2),
  }),
  z.object({ phone: z.string().trim().max(20) }),
]);

/** Preference options: languages (id, key, name) and themes (4 light, 5 dark, 6 system). */
export const preferenceOption = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export const preferenceConfigsData = z.object({
  language: z.array(preferenceOption),
  theme: z.array(preferenceOption),
});
export const userPreferenceData = preference;
export const updatePreferenceBody = z
  .object({
    theme_id: z.union([z.literal(4), z.literal(5), z.literal(6)]).optional(),
    language_id: z.number().int().min(1).max(4).optional(),
  })
  .refine((v) => v.theme_id !== undefined || v.language_id !== undefined, {
    message: 'required',
    path: ['theme_id'],
  });

/** One signed-in device, with where it was last seen. */
export const device = z.object({
  device_id: z.string(),
  device_name: z.string(),
  last_login_time: z.string(),
  ip_address: z.string(),
  location: z.string(),
  status: z.number().int(),
  is_current: z.boolean(),
});
export type Device = z.infer<typeof device>;
/** Failed sign-ins to the caller's account from one address (last 30 days); `locked_until` while it is locked out. */
export const signInFailure = z.object({
  ip_address: z.string(),
  location: z.string(),
  count: z.number().int(),
  first_time: z.string(),
  last_time: z.string(),
  locked_until: z.string().nullable(),
});
export type SignInFailure = z.infer<typeof signInFailure>;
export const deviceListBody = z.object({
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(100).default(10),
});
export const logoutDeviceBody = z.object({ device_id: deviceId });
export const logoutAllDeviceBody = z.object({ except_current: z.literal(1).default(1) });

/** An uploaded file: its id and the URL it is served from. */
export const uploadedFile = z.object({ id: z.string(), file: z.string() });
export type UploadedFile = z.infer<typeof uploadedFile>;
/** A cropped avatar sent as base64 (with or without a data: prefix). */
export const base64ImageBody = z.object({
  data: z
    .string()
    .min(1)
    .max(8 * 1024 * 1024),
  fileExt: z.enum(['jpeg', 'jpg', 'png']),
  fileName: safeText(255).optional(),
});

/** Third-party sign-in: the start answers the provider's URL; the callback trades its code. */
export const websiteAuthData = z.object({ url: z.string() });
export const websiteAuthInfoBody = z.object({
  google_code: z.string().trim().min(1).max(2048),
  state: z.string().trim().min(1).max(256),
  /** The provider's `iss` answer parameter (RFC 9207), when it sends one. */
  iss: z.string().trim().max(512).optional(),
});
