/** The plain rules and constants of accounts, without zod, for screens that must stay light. */

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const DEFAULT_COUNTRY_CODE = '86';

/** Dial code 86: 11 digits starting 1, second digit 3 to 9. Elsewhere digits only. */
export function isValidPhone(phone: string, dialCode: string): boolean {
  return dialCode === '86' ? /^1[3-9]\d{9}$/.test(phone) : /^\d{4,15}$/.test(phone);
}

/** Why a code is sent: 1 register, 2 change or bind email/phone, 3 reset password, 4 sign in. */
export const CODE_PURPOSES = { register: 1, change: 2, resetPassword: 3, signIn: 4 } as const;

export const LOGIN_TYPES = { password: 0, code: 1 } as const;

/** 8 to 16 characters with upper case, lower case and digits. */
export function isValidPassword(value: string, min = 8, max = 16): boolean {
  return (
    value.length >= min &&
    value.length <= max &&
    /[a-z]/.test(value) &&
    /[A-Z]/.test(value) &&
    /\d/.test(value)
  );
}

/**
 * Control and format characters (zero-width, bidirectional overrides), which can disguise a name, and lone
 * surrogates, which are no text at all. NUL among the controls is also what PostgreSQL cannot store.
 */
export const UNSAFE_CHARACTERS = /[\p{Cc}\p{Cf}\p{Cs}]/u;
export const hasUnsafeCharacters = (text: string) => UNSAFE_CHARACTERS.test(text);
/** The text with those characters taken out, for names made from what someone wrote (a conversation's title). */
export const withoutUnsafeCharacters = (text: string) =>
  text.replace(new RegExp(UNSAFE_CHARACTERS, 'gu'), '');
