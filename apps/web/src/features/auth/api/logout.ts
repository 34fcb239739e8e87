import { http } from '../../../shared/api/http.ts';

export const LOGOUT_PATH = '/api/user/logout';

export const logout = () => http.post<unknown>(LOGOUT_PATH, undefined, { silent: true });

/** Ends the session here even if the server cannot be told: the user asked to leave. */
export async function signOut(resetSession: () => void) {
  await logout().catch(() => undefined);
  resetSession();
}
