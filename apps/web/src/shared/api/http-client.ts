import { ERRORS } from '@tandem/contract/errors';
import { REQUEST_TIMEOUT_MS, UNAUTHORISED_RELOAD_DELAY_MS } from '@tandem/contract/limits';
import { DEVICE_ID_HEADER, SILENT_ERROR_URLS, VISITOR_TOKEN_HEADER } from '@tandem/contract/system';
import { sendWithProgress } from './upload-progress.ts';

/** One call as features make it. */
export type HttpCall = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The JSON body, or a FormData sent as multipart (the browser sets its boundary). */
  data?: unknown;
  /** The query; undefined and null values are left out. */
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Never pop an error message for this call (its caller shows its own feedback). */
  silent?: boolean;
  /**
   * A poll the user did not ask for (identity watch, heartbeat): silent, and a dropped network does not
   * sign the user out; the next call the user makes will.
   */
  background?: boolean;
  /**
   * A send the page offers to make again (a chat message): a dropped network does not sign the user
   * out, so nothing they wrote is lost.
   */
  resendable?: boolean;
  /**
   * The page shows its own "no permission" view for a 403 (a document behind a wrong share link), so
   * the client does not leave for /401.
   */
  showsForbidden?: boolean;
  /** Told the share of the body sent so far (0..1) as a large upload goes out. */
  onUploadProgress?: (fraction: number) => void;
};

/** What goes on the wire: `fetch`'s arguments, as a fake transport in tests sees them. */
export type WireRequest = {
  url: string;
  method: string;
  headers: Headers;
  body: string | FormData | undefined;
  signal: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
};
export type Transport = (request: WireRequest) => Promise<Response>;

// fetch cannot report an upload's progress: a call that asks for it goes through XMLHttpRequest.
const fetchTransport: Transport = ({ url, onUploadProgress, ...init }) =>
  onUploadProgress ? sendWithProgress({ url, onUploadProgress, ...init }) : fetch(url, init);

/** What the UI shows: a message key of the locale files, or the server's own (already localised) text. */
export type HttpNotice = { key: string; values?: Record<string, string | number> } | { text: string };

/** Reactions the transport asks for; the UI layer decides how each one looks. */
export type HttpReactions = {
  notify(notice: HttpNotice): void;
  resetSession(): void;
  goToLogin(): void;
  goToUnauthorised(): void;
  reload(): void;
  currentPath(): string;
};

export type HttpClientOptions = {
  baseURL?: string;
  getToken(): string | null;
  setToken(token: string): void;
  getDeviceId(): string;
  getLocale(): string;
  /** A visitor's token (a web-public agent's embed), sent when there is no session. */
  getVisitorToken?(): string | undefined;
  reactions: HttpReactions;
  /**
   * Whether the page is being left (a reload, a link): the browser then cancels the calls under way,
   * which is no network failure and must not end the session.
   */
  isLeavingPage?(): boolean;
  /** Tests pass a fake transport. */
  transport?: Transport;
};

export type ApiErrorKind = 'business' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code: number | undefined,
    readonly status: number | undefined,
    readonly data: unknown = undefined,
  ) {
    super(message);
  }
}

type Envelope = { code: number; msg?: string; data?: unknown };

const SUCCESS_CODES = new Set([0, 200]);
const LOGGED_IN_ELSEWHERE_CODE = ERRORS.LOGGED_IN_ELSEWHERE.code;
const LOGIN_PATH = '/login';

const isEnvelope = (body: unknown): body is Envelope =>
  !!body && typeof body === 'object' && typeof (body as Envelope).code === 'number';

const isSilentUrl = (url: string | undefined) =>
  !!url && SILENT_ERROR_URLS.some((silent) => url.split('?')[0]?.endsWith(silent));

const bearer = (value: string) => value.replace(/^Bearer\s+/i, '').trim();

const queryOf = (params: Record<string, unknown> | undefined) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

class TimeoutError extends Error {}

export function createHttpClient(options: HttpClientOptions) {
  const { reactions } = options;
  let transport = options.transport ?? fetchTransport;
  let reloadScheduled = false;

  function headersFor(call: HttpCall) {
    const headers = new Headers(call.headers);
    // A multipart body's type carries the boundary the browser picks, so it is left to the browser; a call
    // without a body has no type (the server refuses an empty body said to be JSON).
    if (call.data === undefined || call.data instanceof FormData) headers.delete('Content-Type');
    else headers.set('Content-Type', 'application/json');
    headers.set(DEVICE_ID_HEADER, options.getDeviceId());
    headers.set('Accept-Language', options.getLocale());
    const token = options.getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else {
      const visitor = options.getVisitorToken?.();
      if (visitor) headers.set(VISITOR_TOKEN_HEADER, visitor);
    }
    return headers;
  }

  /** A renewed token comes back in the `authorization` response header. */
  function syncToken(response: Response) {
    const token = bearer(response.headers.get('authorization') ?? '');
    if (token && token !== options.getToken()) options.setToken(token);
  }

  /**
   * Whether a failed call speaks for the session the browser holds now: a call sent anonymously, or with
   * a token since replaced (a sign-in in this or another tab), says nothing about the current one.
   */
  const spokeForCurrentSession = (sent: Headers) => {
    const authorization = sent.get('Authorization');
    const token = options.getToken();
    return !!authorization && !!token && bearer(authorization) === token;
  };

  const notify = (call: HttpCall, notice: HttpNotice) => {
    if (call.silent || call.background || isSilentUrl(call.url)) return;
    reactions.notify(notice);
  };
  /** The end of a session is news even when a background poll discovers it. */
  const notifySession = (call: HttpCall, notice: HttpNotice) => {
    if (call.silent || isSilentUrl(call.url)) return;
    reactions.notify(notice);
  };

  function signedOut(call: HttpCall, sent: Headers) {
    if (reloadScheduled || !spokeForCurrentSession(sent)) return;
    reloadScheduled = true;
    notifySession(call, { key: 'error.session_signed_out' });
    reactions.resetSession();
    setTimeout(() => {
      reloadScheduled = false;
      if (reactions.currentPath() !== LOGIN_PATH) reactions.reload();
    }, UNAUTHORISED_RELOAD_DELAY_MS);
  }

  function loggedInElsewhere(call: HttpCall, sent: Headers, body: Envelope | undefined) {
    if (!spokeForCurrentSession(sent)) return;
    notifySession(call, body?.msg ? { text: body.msg } : { key: 'error.logged_in_elsewhere' });
    reactions.resetSession();
    reactions.goToLogin();
  }

  function businessFailure(call: HttpCall, sent: Headers, status: number, body: Envelope): ApiError {
    if (body.code === LOGGED_IN_ELSEWHERE_CODE) {
      loggedInElsewhere(call, sent, body);
    } else {
      notify(
        call,
        body.msg ? { text: body.msg } : { key: 'error.backend_exception', values: { code: body.code } },
      );
    }
    return new ApiError('business', body.msg || `code ${body.code}`, body.code, status, body.data);
  }

  function httpFailure(call: HttpCall, sent: Headers, status: number, data: unknown): ApiError {
    const body = isEnvelope(data) ? data : undefined;
    if (body?.code === LOGGED_IN_ELSEWHERE_CODE) {
      loggedInElsewhere(call, sent, body);
    } else if (status === 401) {
      signedOut(call, sent);
    } else if (status === 403) {
      if (!call.showsForbidden) reactions.goToUnauthorised();
    } else {
      const code = body?.code ?? status;
      notify(call, body?.msg ? { text: body.msg } : { key: 'error.backend_exception', values: { code } });
    }
    return new ApiError('http', body?.msg || `HTTP ${status}`, body?.code, status, body?.data);
  }

  function networkFailure(call: HttpCall, sent: Headers, error: unknown): ApiError {
    if (error instanceof TimeoutError) {
      notify(call, { key: 'error.request_timeout' });
      return new ApiError('timeout', `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, undefined, undefined);
    }
    if (options.isLeavingPage?.()) return new ApiError('network', 'The page was left', undefined, undefined);
    notify(call, { key: 'error.network_failed' });
    // Spec: a network failure resets the session to the sign-in page, but only for calls the user made.
    if (!call.background && !call.resendable && spokeForCurrentSession(sent)) {
      reactions.resetSession();
      reactions.goToLogin();
    }
    return new ApiError(
      'network',
      error instanceof Error ? error.message : 'Network Error',
      undefined,
      undefined,
    );
  }

  /** Sends a call, answering the response once it is a success; a failure is reacted to and thrown. */
  async function send(call: HttpCall): Promise<{ response: Response; sent: Headers }> {
    const sent = headersFor(call);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutError()), REQUEST_TIMEOUT_MS);
    const abort = () => controller.abort(call.signal?.reason);
    call.signal?.addEventListener('abort', abort);
    const body =
      call.data === undefined || call.data instanceof FormData ? call.data : JSON.stringify(call.data);
    let response: Response;
    try {
      response = await transport({
        url: `${options.baseURL ?? ''}${call.url}${queryOf(call.params)}`,
        method: call.method ?? 'GET',
        headers: sent,
        body,
        signal: controller.signal,
        onUploadProgress: call.onUploadProgress,
      });
    } catch (error) {
      // The caller's own cancellation is not a failure to report.
      if (call.signal?.aborted) throw error;
      throw networkFailure(call, sent, controller.signal.aborted ? controller.signal.reason : error);
    } finally {
      clearTimeout(timer);
      call.signal?.removeEventListener('abort', abort);
    }
    syncToken(response);
    if (!response.ok) throw httpFailure(call, sent, response.status, await readBody(response));
    return { response, sent };
  }

  /** Sends a call and answers the envelope's `data`. */
  async function request<T>(call: HttpCall): Promise<T> {
    const { response, sent } = await send(call);
    const body = await readBody(response);
    if (!isEnvelope(body)) return body as T;
    if (!SUCCESS_CODES.has(body.code)) throw businessFailure(call, sent, response.status, body);
    return body.data as T;
  }

  type Options = Omit<HttpCall, 'method' | 'url'>;
  return {
    request,
    get: <T>(url: string, call?: Options) => request<T>({ ...call, method: 'GET', url }),
    delete: <T>(url: string, call?: Options) => request<T>({ ...call, method: 'DELETE', url }),
    post: <T>(url: string, data?: unknown, call?: Options) =>
      request<T>({ ...call, method: 'POST', url, data }),
    put: <T>(url: string, data?: unknown, call?: Options) =>
      request<T>({ ...call, method: 'PUT', url, data }),
    /** A file the server sends (an export): its bytes and the response's headers (its file name). */
    download: async (url: string, call?: Options) => {
      const { response } = await send({ ...call, method: 'GET', url });
      return { blob: await response.blob(), headers: response.headers };
    },
    /** Tests swap the transport (a fake server, or one that refuses calls between tests). */
    setTransport: (next: Transport) => {
      transport = next;
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
