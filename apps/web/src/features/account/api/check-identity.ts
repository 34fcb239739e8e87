import { USER_API } from '@tandem/contract/api';
import type { identityCheckData } from '@tandem/contract/user';
import { http } from '../../../shared/api/http.ts';

/** `auth_result` 1: the token in this browser now belongs to `user_id`. */
export type IdentityCheck = ReturnType<typeof identityCheckData.parse>;

export const checkIdentity = () => http.get<IdentityCheck>(USER_API.checkIdentity, { background: true });

export type IdentityReaction = { syncToken: string | null; identityChanged: boolean };

/** What a check answer asks for, given what this tab holds. */
export function reactToIdentityCheck(
  check: IdentityCheck,
  stored: { token: string | null; userId: number | string | null | undefined },
): IdentityReaction {
  const syncToken = check.token && check.token !== stored.token ? check.token : null;
  const identityChanged =
    check.auth_result === 1 &&
    check.user_id != null &&
    stored.userId != null &&
    String(check.user_id) !== String(stored.userId);
  return { syncToken, identityChanged };
}
