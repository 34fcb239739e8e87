import { USER_API } from '@tandem/contract/api';
import { http } from '../../../shared/api/http.ts';
import { clearAllDocumentCaches } from '../../../shared/session/local-document-caches.ts';

export const logout = () => http.post<unknown>(USER_API.logout, undefined, { silent: true });

/** Ends the session here even if the server cannot be told: the user asked to leave. */
export async function signOut(resetSession: () => void) {
  await logout().catch(() => undefined);
  // Offline copies of documents belong to the session.
  await clearAllDocumentCaches().catch(() => undefined);
  resetSession();
}
