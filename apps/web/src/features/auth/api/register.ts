import { USER_API } from '@tandem/contract/api';
import type { RegisterBody } from '@tandem/contract/user';
import { http } from '../../../shared/api/http.ts';

/** Creates the account (and its personal team) and signs it in on this device. */
export const register = (body: RegisterBody) =>
  http.post<{ token: string }>(USER_API.register, body, { silent: true });
