import { USER_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import type { SessionUser } from '../../../shared/session/session-user.ts';

/** Reads the signed-in user again after a team change (name, avatar, roles), so the shell shows it. */
export async function reloadSessionUser() {
  const user = await http.get<SessionUser>(USER_API.account, { silent: true });
  if (user && Array.isArray(user.has_roles) && Array.isArray(user.app_role)) getSession().setUser(user);
}

/** A change of current team changes everything the app shows: start again at the root. */
export const reloadAtRoot = () => location.assign('/');
