import { errorByCode } from '@tandem/contract/errors';
import type { Notice } from '../ui/notices.ts';
import { ApiError } from './http-client.ts';

export type KeyNotice = Extract<Notice, { key: string }>;

/** The business code of a failed call, when the server answered one. */
export const failureCode = (error: unknown) => (error instanceof ApiError ? error.code : undefined);

/** The call got no answer: the connection dropped. */
export const isNetworkFailure = (error: unknown) => error instanceof ApiError && error.kind === 'network';

/** What the HTTP client would have said about a failure of a call made silent. */
export function noticeOf(error: unknown): KeyNotice {
  if (!(error instanceof ApiError)) return { key: 'error.operation_failed' };
  if (error.kind === 'timeout') return { key: 'error.request_timeout' };
  if (error.kind === 'network') return { key: 'error.network_failed' };
  const known = error.code === undefined ? undefined : errorByCode(error.code);
  if (known) return { key: `error.${known.key}` };
  return { key: 'error.backend_exception', values: { code: error.code ?? error.status ?? 0 } };
}
