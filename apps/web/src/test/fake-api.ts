import { http } from '../shared/api/http.ts';

const NUMBER = /^-?\d+(\.\d+)?$/;

/** `network`: no answer at all, as when the connection drops. */
export type FakeAnswer = { status?: number; code?: number; msg?: string; data?: unknown; network?: boolean };
/** `params` is a GET call's query, as the client sent it. */
type Handler = (body: unknown, params: Record<string, unknown>) => FakeAnswer | Promise<FakeAnswer>;

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
  http.setTransport(async (request) => {
    const address = new URL(request.url, 'http://tandem.test');
    // A handler may be keyed with the query a feature wrote into its path.
    const url =
      `${address.pathname}${address.search}` in routes
        ? `${address.pathname}${address.search}`
        : address.pathname;
    const body: unknown = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
    // The query as the feature passed it: numbers come back as numbers.
    const params = Object.fromEntries(
      [...address.searchParams].map(([key, value]) => [key, NUMBER.test(value) ? Number(value) : value]),
    );
    calls.push({ url, body, params, headers: Object.fromEntries(request.headers) });
    const handler = routes[url];
    const answer = handler ? await handler(body, params) : { status: 404, code: 1002, msg: 'Not found' };
    if (answer.network) throw new TypeError('Failed to fetch');
    const envelope = { code: answer.code ?? 0, msg: answer.msg ?? '', data: answer.data ?? null };
    return new Response(JSON.stringify(envelope), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return {
    calls,
    bodiesOf: (url: string) => calls.filter((call) => call.url === url).map((c) => c.body),
    paramsOf: (url: string) => calls.filter((call) => call.url === url).map((c) => c.params),
    headersOf: (url: string) => calls.filter((call) => call.url === url).map((c) => c.headers),
  };
}
