import type { CODE_PURPOSES } from '@tandem/contract/account-rules';
import { RESET_API, USER_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';

export type PhoneAddress = { phone: string; country_code: string };
/** Where a code goes: an email, or a phone with its dial code. */
export type ContactAddress = { email: string } | PhoneAddress;

type CodePurpose = (typeof CODE_PURPOSES)[keyof typeof CODE_PURPOSES];

export function sendCode(address: ContactAddress, type: CodePurpose) {
  return 'email' in address
    ? http.post<null>(USER_API.emailCode, { email: address.email, type })
    : http.post<null>(USER_API.phoneCode, { ...address, type });
}

type ResetToken = { reset_token: string };

/** Step 2 of an email or phone change: the code sent to the current address buys a reset token. */
export const getResetToken = (kind: 'email' | 'phone', validCode: string) =>
  http.post<ResetToken>(kind === 'email' ? RESET_API.getResetEmailToken : RESET_API.getResetPhoneToken, {
    valid_code: validCode,
  });

/** Step 4: with a reset token the address is changed; without one (nothing bound yet) it is bound. */
export function submitNewAddress(address: ContactAddress, validCode: string, resetToken: string | null) {
  const isEmail = 'email' in address;
  if (resetToken) {
    return http.post<null>(isEmail ? RESET_API.resetBindEmail : RESET_API.resetBindPhone, {
      ...address,
      reset_token: resetToken,
      valid_code: validCode,
    });
  }
  return http.post<null>(isEmail ? RESET_API.bindNewEmail : RESET_API.bindNewPhone, {
    ...address,
    valid_code: validCode,
  });
}
