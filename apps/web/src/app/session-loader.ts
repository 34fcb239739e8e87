import { AccountRejectedError, getAccount } from '../features/account/api/get-account.ts';
import { getSession } from '../shared/session/session-store.ts';
import { showNotice } from '../shared/ui/notices.ts';

let pending: Promise<boolean> | null = null;

/**
 * Loads the signed-in user once, however many callers ask at the same time. Answers whether a user is
 * loaded. A rejected account ends the session; transport failures were already handled by the client.
 */
export function ensureUserLoaded(): Promise<boolean> {
  const session = getSession();
  if (!session.token) return Promise.resolve(false);
  if (session.user) return Promise.resolve(true);
  pending ??= getAccount()
    .then((user) => {
      getSession().setUser(user);
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof AccountRejectedError) {
        showNotice({ key: error.messageKey });
        getSession().reset();
      }
      return false;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
