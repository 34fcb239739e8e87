import {
  type AxiosAdapter,
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type InternalAxiosRequestConfig,
} from 'axios';
import { afterEach } from 'vitest';
import { http } from '../shared/api/http.ts';

/** `network`: no answer at all, as when the connection drops. */
export type FakeAnswer = { status?: number; code?: number; msg?: string; data?: unknown; network?: boolean };
/** `params` is a GET call's query, as the client sent it. */
type Handler = (body: unknown, params: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Between tests no call reaches a network: one a finished test's page sends late (a retry, a poll) is
 * cancelled, so it cannot fail into the next test's session.
 */
const finishedTest: AxiosAdapter = async (config) => {
  throw new CanceledError('test finished', config);
};
afterEach(() => {
  http.instance.defaults.adapter = finishedTest;
});

/**
 * Serves the app's HTTP client from handlers keyed by path, answering the envelope as the server does
 * (an error status for a failure that has one); unknown paths answer 404. Records every call's body and
 * query.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: {
    url: string;
    body: unknown;
    params: Record<string, unknown>;
    headers: Record<string, unknown>;
  }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const params = (config.params ?? {}) as Record<string, unknown>;
    calls.push({ url, body, params, headers: { ...config.headers.toJSON() } });
    const handler = routes[url];
    const answer = handler ? await handler(body, params) : { status: 404, code: 1002, msg: 'Not found' };
    if (answer.network) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const status = answer.status ?? 200;
    const response = {
      data: { code: answer.code ?? 0, msg: answer.msg ?? '', data: answer.data ?? null },
      status,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
    };
    if (status < 400) return response;
    throw new AxiosError('failed', AxiosError.ERR_BAD_REQUEST, config, null, response);
  };
  http.instance.defaults.adapter = adapter;
  return {
    calls,
    bodiesOf: (url: string) => calls.filter((call) => call.url === url).map((c) => c.body),
    paramsOf: (url: string) => calls.filter((call) => call.url === url).map((c) => c.params),
    headersOf: (url: string) => calls.filter((call) => call.url === url).map((c) => c.headers),
  };
}
