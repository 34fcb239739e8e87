import { OAUTH_API } from '@tandem/contract/api';
import type { websiteAuthInfoBody } from '@tandem/contract/user';
import type { PayloadOf } from '../../../shared/api/contract-types.ts';
import { http } from '../../../shared/api/http.ts';

/** The server answers `{url}`: the provider's consent screen, with the state it will check on return. */
export async function startGoogleSignIn(): Promise<string | null> {
  const data = await http.get<{ url?: unknown } | null>(OAUTH_API.start);
  return typeof data?.url === 'string' && data.url ? data.url : null;
}

/** Trades the provider's code (and the state it echoed) for a session token. */
export const finishGoogleSignIn = (body: PayloadOf<typeof websiteAuthInfoBody>) =>
  http.post<{ token: string }>(OAUTH_API.callback, body, { silent: true });
