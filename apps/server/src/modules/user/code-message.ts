import type { Locale } from '@tandem/contract/i18n';
import { CODE_EXPIRY_MS } from '@tandem/contract/limits';
import { translate } from '@tandem/contract/messages';

const PURPOSE_KEYS: Record<number, string> = {
  1: 'register',
  2: 'change',
  3: 'reset_password',
  4: 'sign_in',
};

/** The subject and text of a verification code message, in the requester's language. */
export function codeMessage(locale: Locale, purpose: number, code: string) {
  const purposeText = translate(locale, `code_mail.purpose_${PURPOSE_KEYS[purpose] ?? 'sign_in'}`);
  const values = { code, purpose: purposeText, minutes: CODE_EXPIRY_MS / 60_000 };
  return {
    subject: translate(locale, 'code_mail.subject', values),
    text: translate(locale, 'code_mail.text', values),
  };
}
