import { REQUEST_TIMEOUT_MS, UNAUTHORISED_RELOAD_DELAY_MS } from '@tandem/contract/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, type HttpReactions, type WireRequest } from './http-client.ts';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Fail = 'network' | 'timeout';

/** A client over a fake transport that answers `reply` (or fails) and records each request. */
function setup(
  options: { token?: string | null; path?: string; visitor?: string; isLeavingPage?: boolean } = {},
) {
  let token: string | null = options.token === undefined ? 'old-token' : options.token;
  let path = options.path ?? '/dashboard';
  let next: Reply | Fail = { body: { code: 0, msg: 'ok', data: null } };
  const requests: WireRequest[] = [];
  /** Runs while a call is on the wire, before it answers. */
  let whileSending = () => {};
  const reactions = {
    notify: vi.fn(),
    resetSession: vi.fn(() => {
      token = null;
    }),
    goToLogin: vi.fn(),
    goToUnauthorised: vi.fn(),
    reload: vi.fn(),
    currentPath: () => path,
  } satisfies HttpReactions;

  const client = createHttpClient({
    getToken: () => token,
    setToken: (value) => {
      token = value;
    },
    getDeviceId: () => 'device-1',
    getLocale: () => 'ja-JP',
    getVisitorToken: () => options.visitor,
    isLeavingPage: () => options.isLeavingPage === true,
    reactions,
    transport: async (request) => {
      requests.push(request);
      whileSending();
      if (next === 'network') throw new TypeError('Failed to fetch');
      if (next === 'timeout') {
        // Never answers: only the client's own time limit ends the call.
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      }
      return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
        status: next.status ?? 200,
        headers: next.headers,
      });
    },
  });

  return {
    client,
    reactions,
    requests,
    reply: (value: Reply | Fail) => {
      next = value;
    },
    token: () => token,
    whileSending: (action: () => void) => {
      whileSending = action;
    },
    signIn: (value: string) => {
      token = value;
    },
    setPath: (value: string) => {
      path = value;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('every request', () => {
  it('carries the device id, the bearer token and the language', async () => {
    const { client, requests } = setup();
    await client.get('/api/user/account');
    const headers = requests[0]?.headers;
    expect(headers?.get('x-device-id')).toBe('device-1');
    expect(headers?.get('Authorization')).toBe('Bearer old-token');
    expect(headers?.get('Accept-Language')).toBe('ja-JP');
  });

  it('sends no Authorization header without a token', async () => {
    const { client, requests } = setup({ token: null });
    await client.get('/api/client/sys/config');
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
  });

  it('carries a visitor’s token only when nobody is signed in', async () => {
    const visitor = setup({ token: null, visitor: 'v'.repeat(43) });
    await visitor.client.get('/api/chat/get-conversation-list');
    expect(visitor.requests[0]?.headers.get('x-visitor-token')).toBe('v'.repeat(43));
    const member = setup({ visitor: 'v'.repeat(43) });
    await member.client.get('/api/chat/get-conversation-list');
    expect(member.requests[0]?.headers.get('x-visitor-token')).toBeNull();
    expect(member.requests[0]?.headers.get('Authorization')).toBe('Bearer old-token');
  });
});

describe('the wire', () => {
  it('sends the query without its empty values and the body as JSON', async () => {
    const { client, requests } = setup();
    await client.get('/api/agent/get-agent-list', { params: { page: 2, keyword: undefined, tab: 'all' } });
    await client.post('/api/team/create-team', { team_name: 'Blue' });
    expect(requests[0]?.url).toBe('/api/agent/get-agent-list?page=2&tab=all');
    expect(requests[1]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[1]?.body).toBe('{"team_name":"Blue"}');
  });

  it('sends no body type with a call that has no body', async () => {
    const { client, requests } = setup();
    await client.post('/api/socket/get-client-token');
    await client.get('/api/user/account');
    expect(requests.map((request) => request.body)).toEqual([undefined, undefined]);
    expect(requests.map((request) => request.headers.get('Content-Type'))).toEqual([null, null]);
  });

  it('leaves a multipart body’s type (with its boundary) to the browser', async () => {
    const { client, requests } = setup();
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await client.post('/api/upload/image', form);
    expect(requests[0]?.body).toBe(form);
    expect(requests[0]?.headers.get('Content-Type')).toBeNull();
  });

  it('reports nothing when the caller cancels', async () => {
    const { client, reply, reactions } = setup();
    reply('timeout');
    const controller = new AbortController();
    const call = client.get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.not.toBeInstanceOf(ApiError);
    expect(reactions.notify).not.toHaveBeenCalled();
    expect(reactions.resetSession).not.toHaveBeenCalled();
  });
});

describe('success', () => {
  it('unwraps data on code 0', async () => {
    const { client, reply } = setup();
    reply({ body: { code: 0, msg: 'ok', data: { token: 't1' } } });
    await expect(client.post('/api/user/login', {})).resolves.toEqual({ token: 't1' });
  });

  it('also treats code 200 as success', async () => {
    const { client, reply } = setup();
    reply({ body: { code: 200, msg: 'ok', data: [1, 2] } });
    await expect(client.get('/api/team/get-user-teams')).resolves.toEqual([1, 2]);
  });

  it('replaces the stored token with a renewed one from the authorization header', async () => {
    const { client, reply, token } = setup();
    reply({ body: { code: 0, msg: 'ok', data: null }, headers: { authorization: 'Bearer new-token' } });
    await client.get('/api/user/account');
    expect(token()).toBe('new-token');
  });

  it('keeps the token when the header repeats it', async () => {
    const { client, reply, token } = setup();
    reply({ body: { code: 0, msg: 'ok', data: null }, headers: { authorization: 'Bearer old-token' } });
    await client.get('/api/user/account');
    expect(token()).toBe('old-token');
  });
});

describe('HTTP 401', () => {
  it('resets the session, says the account was signed out, and reloads after a second', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 401, body: { code: 1010, msg: 'Your sign-in is no longer valid.', data: null } });
    await expect(client.get('/api/user/account')).rejects.toBeInstanceOf(ApiError);
    expect(reactions.resetSession).toHaveBeenCalledOnce();
    expect(reactions.notify).toHaveBeenCalledWith({ key: 'error.session_signed_out' });
    expect(reactions.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UNAUTHORISED_RELOAD_DELAY_MS);
    expect(reactions.reload).toHaveBeenCalledOnce();
  });

  it('does not reload on the sign-in page', async () => {
    const { client, reply, reactions } = setup({ path: '/login' });
    reply({ status: 401, body: { code: 1010, msg: '', data: null } });
    await expect(client.get('/api/user/account')).rejects.toThrow();
    vi.advanceTimersByTime(UNAUTHORISED_RELOAD_DELAY_MS);
    expect(reactions.reload).not.toHaveBeenCalled();
  });

  it('reacts once to a burst of 401s', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 401, body: { code: 1010, msg: '', data: null } });
    await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);
    expect(reactions.notify).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(UNAUTHORISED_RELOAD_DELAY_MS);
    expect(reactions.reload).toHaveBeenCalledOnce();
  });
});

describe('code 1040, signed in elsewhere', () => {
  it('shows the server message, resets and goes to sign in', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 401, body: { code: 1040, msg: 'Signed in on another device.', data: null } });
    await expect(client.get('/api/user/account')).rejects.toMatchObject({ code: 1040, status: 401 });
    expect(reactions.notify).toHaveBeenCalledWith({ text: 'Signed in on another device.' });
    expect(reactions.resetSession).toHaveBeenCalledOnce();
    expect(reactions.goToLogin).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(UNAUTHORISED_RELOAD_DELAY_MS);
    expect(reactions.reload).not.toHaveBeenCalled();
  });

  it('falls back to the default text without a server message', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 401, body: { code: 1040, msg: '', data: null } });
    await expect(client.get('/api/user/account')).rejects.toThrow();
    expect(reactions.notify).toHaveBeenCalledWith({ key: 'error.logged_in_elsewhere' });
  });

  it('is recognised in a 200 envelope too', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 200, body: { code: 1040, msg: '', data: null } });
    await expect(client.get('/api/user/account')).rejects.toThrow();
    expect(reactions.goToLogin).toHaveBeenCalledOnce();
  });
});

describe('HTTP 403', () => {
  it('goes to /401 without a pop-up', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 403, body: { code: 1003, msg: 'No permission.', data: null } });
    await expect(client.get('/api/team/user-list')).rejects.toMatchObject({ status: 403 });
    expect(reactions.goToUnauthorised).toHaveBeenCalledOnce();
    expect(reactions.resetSession).not.toHaveBeenCalled();
    expect(reactions.notify).not.toHaveBeenCalled();
  });

  it('stays on the page that shows its own no-permission view (a wrong share link)', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 403, body: { code: 2202, msg: 'No permission to view this document.', data: null } });
    await expect(client.get('/api/knowledge/get-doc', { showsForbidden: true })).rejects.toMatchObject({
      status: 403,
      code: 2202,
    });
    expect(reactions.goToUnauthorised).not.toHaveBeenCalled();
  });
});

describe('network failure', () => {
  it('says the network failed and resets the session to sign in', async () => {
    const { client, reply, reactions } = setup();
    reply('network');
    await expect(client.get('/api/user/account')).rejects.toMatchObject({ kind: 'network' });
    expect(reactions.notify).toHaveBeenCalledWith({ key: 'error.network_failed' });
    expect(reactions.resetSession).toHaveBeenCalledOnce();
    expect(reactions.goToLogin).toHaveBeenCalledOnce();
  });

  it('keeps the session when the page is being left, which cancels the calls under way', async () => {
    const { client, reactions, reply } = setup({ isLeavingPage: true });
    reply('network');
    await expect(client.get('/api/user/account')).rejects.toMatchObject({ kind: 'network' });
    expect(reactions.resetSession).not.toHaveBeenCalled();
    expect(reactions.goToLogin).not.toHaveBeenCalled();
    expect(reactions.notify).not.toHaveBeenCalled();
  });

  it('has no session to reset for a visitor', async () => {
    const { client, reply, reactions } = setup({ token: null });
    reply('network');
    await expect(client.get('/api/client/sys/config')).rejects.toThrow();
    expect(reactions.resetSession).not.toHaveBeenCalled();
  });

  it('does not sign the user out from a background poll', async () => {
    const { client, reply, reactions } = setup();
    reply('network');
    await expect(client.get('/api/user/check-identity', { background: true })).rejects.toThrow();
    expect(reactions.resetSession).not.toHaveBeenCalled();
    expect(reactions.notify).not.toHaveBeenCalled();
  });
});

describe('a call that answers after the session changed', () => {
  const failures = [
    ['a dropped network', 'network' as const],
    ['a 401', { status: 401, body: { code: 1010, msg: '', data: null } }],
    ['code 1040', { status: 401, body: { code: 1040, msg: '', data: null } }],
  ] as const;

  it.each(failures)(
    'keeps the session signed in meanwhile on %s of a call sent anonymously',
    async (_, failure) => {
      const { client, reply, reactions, token, signIn, whileSending } = setup({ token: null });
      whileSending(() => signIn('new-token'));
      reply(failure);
      await expect(client.get('/api/client/sys/config')).rejects.toThrow();
      expect(token()).toBe('new-token');
      expect(reactions.resetSession).not.toHaveBeenCalled();
      expect(reactions.goToLogin).not.toHaveBeenCalled();
    },
  );

  it.each(failures)('keeps a newer session on %s of a call sent with the old token', async (_, failure) => {
    const { client, reply, reactions, token, signIn, whileSending } = setup();
    whileSending(() => signIn('newer-token'));
    reply(failure);
    await expect(client.get('/api/user/account')).rejects.toThrow();
    vi.advanceTimersByTime(UNAUTHORISED_RELOAD_DELAY_MS);
    expect(token()).toBe('newer-token');
    expect(reactions.resetSession).not.toHaveBeenCalled();
    expect(reactions.reload).not.toHaveBeenCalled();
  });
});

describe('timeout', () => {
  it('says the backend request timed out', async () => {
    const { client, reply, reactions } = setup();
    reply('timeout');
    const call = client.get('/api/slow');
    const failed = expect(call).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(reactions.notify).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(reactions.notify).toHaveBeenCalledWith({ key: 'error.request_timeout' });
    expect(reactions.resetSession).not.toHaveBeenCalled();
  });
});

describe('other failures', () => {
  it('show the server message of a business error', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 200, body: { code: 1012, msg: 'Wrong account or password.', data: null } });
    await expect(client.post('/api/user/login', {})).rejects.toMatchObject({ kind: 'business', code: 1012 });
    expect(reactions.notify).toHaveBeenCalledWith({ text: 'Wrong account or password.' });
  });

  it('show "backend interface {code} exception" without a message', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 200, body: { code: 1234, msg: '', data: null } });
    await expect(client.get('/api/x')).rejects.toThrow();
    expect(reactions.notify).toHaveBeenCalledWith({ key: 'error.backend_exception', values: { code: 1234 } });
  });

  it('name the HTTP status when the answer is not an envelope', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 502, body: '<html>Bad gateway</html>' });
    await expect(client.get('/api/x')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(reactions.notify).toHaveBeenCalledWith({ key: 'error.backend_exception', values: { code: 502 } });
  });

  it('carry the failing fields of a 400 to the caller', async () => {
    const { client, reply } = setup();
    const fields = [{ field: 'name', message: 'validation.too_short' }];
    reply({ status: 400, body: { code: 1001, msg: 'Some fields are not valid.', data: { fields } } });
    await expect(client.post('/api/team/create-team', {})).rejects.toMatchObject({ data: { fields } });
  });
});

describe('silent URLs', () => {
  it.each([
    '/api/chat/agent-send-message',
    '/api/knowledge/agent-send-message',
    '/api/agent/counselor-optimize',
    '/api/agent/set-com-agent-chat-status',
    '/api/i18n/resource-locale?locale=en_us',
    '/api/knowledge/save-online-doc',
  ])('%s never pops a message', async (url) => {
    const { client, reply, reactions } = setup();
    reply({ status: 500, body: { code: 1005, msg: 'Backend unknown exception.', data: null } });
    await expect(client.post(url, {})).rejects.toThrow();
    expect(reactions.notify).not.toHaveBeenCalled();
  });

  it('still end the session on a 401, without the message', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 401, body: { code: 1010, msg: '', data: null } });
    await expect(client.post('/api/chat/agent-send-message', {})).rejects.toThrow();
    expect(reactions.resetSession).toHaveBeenCalledOnce();
    expect(reactions.notify).not.toHaveBeenCalled();
  });

  it('a call marked silent stays quiet too', async () => {
    const { client, reply, reactions } = setup();
    reply({ status: 500, body: { code: 1005, msg: 'Backend unknown exception.', data: null } });
    await expect(client.get('/api/client/sys/config', { silent: true })).rejects.toThrow();
    expect(reactions.notify).not.toHaveBeenCalled();
  });
});
