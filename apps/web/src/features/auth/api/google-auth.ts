import { http } from '../../../shared/api/http.ts';

export const GOOGLE_START_PATH = '/api/google/website-auth';
export const GOOGLE_FINISH_PATH = '/api/google/website-auth-info';

/** The server answers where to send the browser for Google's consent screen. */
export async function startGoogleSignIn(): Promise<string | null> {
  const data = await http.get<unknown>(GOOGLE_START_PATH);
  if (typeof data === 'string') return data;
  if (data && typeof data === 'object' && 'url' in data && typeof data.url === 'string') return data.url;
  return null;
}

export const finishGoogleSignIn = (googleCode: string) =>
  http.post<{ token: string }>(GOOGLE_FINISH_PATH, { google_code: googleCode });
