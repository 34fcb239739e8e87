import { CODE_PURPOSES, DEFAULT_COUNTRY_CODE, LOGIN_TYPES } from '@tandem/contract/account-rules';
import { USER_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';

export { LOGIN_TYPES };
/** 0: user name and password; 1: user name and a verification code. */
export type LoginType = (typeof LOGIN_TYPES)[keyof typeof LOGIN_TYPES];

export type LoginPayload = {
  user_name: string;
  password: string;
  valid_code: string;
  login_type: LoginType;
  real_name: string;
  device_id: string;
};

export type LoginFormValues = { user_name?: string; password?: string; valid_code?: string };

/** User name, password and code are trimmed; `real_name` defaults to empty. */
export function buildLoginPayload(
  values: LoginFormValues,
  loginType: LoginType,
  deviceId: string,
): LoginPayload {
  return {
    user_name: values.user_name?.trim() ?? '',
    password: loginType === LOGIN_TYPES.password ? (values.password?.trim() ?? '') : '',
    valid_code: loginType === LOGIN_TYPES.code ? (values.valid_code?.trim() ?? '') : '',
    login_type: loginType,
    real_name: '',
    device_id: deviceId,
  };
}

export const login = (payload: LoginPayload) => http.post<{ token: string }>(USER_API.login, payload);

/** A sign-in code goes to the email or phone the user typed (phones default to dial code 86). */
export function sendSignInCode(userName: string) {
  const value = userName.trim();
  if (value.includes('@'))
    return http.post<unknown>(USER_API.emailCode, { email: value, type: CODE_PURPOSES.signIn });
  return http.post<unknown>(USER_API.phoneCode, {
    phone: value,
    country_code: DEFAULT_COUNTRY_CODE,
    type: CODE_PURPOSES.signIn,
  });
}
