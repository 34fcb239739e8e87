import { PROFILE_API, USER_API } from '@tandem/contract/api';
import type { updateBaseUserInfoBody } from '@tandem/contract/user';
import { http } from '../../../shared/api/http.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { acceptAccount } from './get-account.ts';

export type BaseUserInfo = ReturnType<typeof updateBaseUserInfoBody.parse>;

export const updateBaseUserInfo = (body: BaseUserInfo) =>
  http.post<null>(PROFILE_API.updateBaseUserInfo, body);

/** Reloads the signed-in user after a change, so the shell (user menu, avatar) shows it at once. */
export async function refreshSessionUser() {
  getSession().setUser(acceptAccount(await http.get<unknown>(USER_API.account)));
}
