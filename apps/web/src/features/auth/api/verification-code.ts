import type { CODE_PURPOSES } from '@tandem/contract/account-rules';
import { USER_API } from '@tandem/contract/api';
import type { AddressBody } from '@tandem/contract/user';
import { http } from '../../../shared/api/http.ts';

/** Where a code goes and which account it names: `{email}` or `{phone, country_code}`. */
export type Address = AddressBody;
export type CodePurpose = (typeof CODE_PURPOSES)[keyof typeof CODE_PURPOSES];

/** Silent: the caller puts "account exists", "no such account" and the resend wait beside its fields. */
export function sendVerificationCode(address: Address, type: CodePurpose) {
  if ('email' in address) return http.post<null>(USER_API.emailCode, { ...address, type }, { silent: true });
  return http.post<null>(USER_API.phoneCode, { ...address, type }, { silent: true });
}
