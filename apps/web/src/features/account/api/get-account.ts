import { USER_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';
import type { SessionUser } from '../../../shared/session/session-user.ts';
import { applyAccountPreference } from '../hooks/account-preference.ts';

/** The account answer cannot open a session; `messageKey` says why. */
export class AccountRejectedError extends Error {
  override readonly name = 'AccountRejectedError';
  constructor(readonly messageKey: 'error.no_permission' | 'error.verification_failed') {
    super(messageKey);
  }
}

/** Without the user there is nothing to verify; without `app_role` or `has_roles` there is no access. */
export function acceptAccount(data: unknown): SessionUser {
  if (!data || typeof data !== 'object' || !('id' in data)) {
    throw new AccountRejectedError('error.verification_failed');
  }
  const user = data as Partial<SessionUser>;
  if (!Array.isArray(user.app_role) || !Array.isArray(user.has_roles)) {
    throw new AccountRejectedError('error.no_permission');
  }
  return data as SessionUser;
}

/** Loads the user that opens a session; the preference saved on the account comes along. */
export async function getAccount(): Promise<SessionUser> {
  const user = acceptAccount(await http.get<unknown>(USER_API.account));
  await applyAccountPreference(user.preference).catch(() => undefined);
  return user;
}
