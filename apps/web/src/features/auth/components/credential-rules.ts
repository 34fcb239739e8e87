import { EMAIL_PATTERN, isValidPhone } from '@tandem/contract/account-rules';
import { CODE_LENGTH, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@tandem/contract/limits';

/**
 * The contract's rules for what a visitor types on the register and reset screens, as message keys. They
 * mirror the contract's zod schemas so the form never needs zod (the server parses with the schemas).
 */
export function emailProblem(value: string | undefined): string | null {
  const email = value?.trim() ?? '';
  if (!email) return 'auth.email_required';
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return 'auth.email_invalid';
  return null;
}

export function phoneProblem(value: string | undefined, dialCode: string): string | null {
  const phone = value?.trim() ?? '';
  if (!phone) return 'auth.phone_required';
  return isValidPhone(phone, dialCode) ? null : 'auth.phone_invalid';
}

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

export function codeProblem(value: string | undefined): string | null {
  const code = value?.trim() ?? '';
  if (!code) return 'auth.code_required';
  return CODE_PATTERN.test(code) ? null : 'auth.code_format';
}

/** 8 to 16 characters with upper case, lower case and digits (the contract's `password`). */
export function passwordProblem(value: string | undefined): string | null {
  const password = value ?? '';
  if (!password) return 'auth.password_required';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'auth.password_length';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) return 'auth.password_mix';
  return null;
}

export function confirmProblem(value: string | undefined, password: string | undefined): string | null {
  if (!value) return 'auth.password_confirm_required';
  return value === password ? null : 'auth.password_mismatch';
}

/** Values shared by every message of these rules. */
export const RULE_VALUES = { length: CODE_LENGTH, min: PASSWORD_MIN, max: PASSWORD_MAX };
