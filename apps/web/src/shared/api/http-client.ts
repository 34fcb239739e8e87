import { ERRORS } from '@tandem/contract/errors';
import { REQUEST_TIMEOUT_MS, UNAUTHORISED_RELOAD_DELAY_MS } from '@tandem/contract/limits';
import { DEVICE_ID_HEADER, SILENT_ERROR_URLS, VISITOR_TOKEN_HEADER } from '@tandem/contract/system';
import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
} from 'axios';

declare module 'axios' {
  interface AxiosRequestConfig {
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
  }
}

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
  /** Tests pass a fake transport. */
  adapter?: AxiosAdapter;
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

export function createHttpClient(options: HttpClientOptions) {
  const { reactions } = options;
  let reloadScheduled = false;

  const instance = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    transitional: { clarifyTimeoutError: true },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  instance.interceptors.request.use((config) => {
    config.headers.set(DEVICE_ID_HEADER, options.getDeviceId());
    config.headers.set('Accept-Language', options.getLocale());
    const token = options.getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    else {
      const visitor = options.getVisitorToken?.();
      if (visitor) config.headers.set(VISITOR_TOKEN_HEADER, visitor);
    }
    return config;
  });

  /** A renewed token comes back in the `authorization` response header. */
  function syncToken(response: AxiosResponse | undefined) {
    const header = response?.headers?.authorization;
    if (typeof header !== 'string' || !header.trim()) return;
    const token = bearer(header);
    if (token && token !== options.getToken()) options.setToken(token);
  }

  /**
   * Whether a failed call speaks for the session the browser holds now: a call sent anonymously, or with
   * a token since replaced (a sign-in in this or another tab), says nothing about the current one.
   */
  const spokeForCurrentSession = (config: AxiosRequestConfig | undefined) => {
    const sent = config?.headers?.Authorization;
    const token = options.getToken();
    return typeof sent === 'string' && !!token && bearer(sent) === token;
  };

  const notify = (config: AxiosRequestConfig | undefined, notice: HttpNotice) => {
    if (config?.silent || config?.background || isSilentUrl(config?.url)) return;
    reactions.notify(notice);
  };
  /** The end of a session is news even when a background poll discovers it. */
  const notifySession = (config: AxiosRequestConfig | undefined, notice: HttpNotice) => {
    if (config?.silent || isSilentUrl(config?.url)) return;
    reactions.notify(notice);
  };

  function signedOut(config: AxiosRequestConfig | undefined) {
    if (reloadScheduled || !spokeForCurrentSession(config)) return;
    reloadScheduled = true;
    notifySession(config, { key: 'error.session_signed_out' });
    reactions.resetSession();
    setTimeout(() => {
      reloadScheduled = false;
      if (reactions.currentPath() !== LOGIN_PATH) reactions.reload();
    }, UNAUTHORISED_RELOAD_DELAY_MS);
  }

  function loggedInElsewhere(config: AxiosRequestConfig | undefined, body: Envelope | undefined) {
    if (!spokeForCurrentSession(config)) return;
    notifySession(config, body?.msg ? { text: body.msg } : { key: 'error.logged_in_elsewhere' });
    reactions.resetSession();
    reactions.goToLogin();
  }

  function businessFailure(response: AxiosResponse, body: Envelope): ApiError {
    const { config } = response;
    if (body.code === LOGGED_IN_ELSEWHERE_CODE) {
      loggedInElsewhere(config, body);
    } else {
      notify(
        config,
        body.msg ? { text: body.msg } : { key: 'error.backend_exception', values: { code: body.code } },
      );
    }
    return new ApiError('business', body.msg || `code ${body.code}`, body.code, response.status, body.data);
  }

  function transportFailure(error: AxiosError): ApiError {
    const { config, response } = error;
    if (error.code === 'ETIMEDOUT' || error.code === 'ECONNABORTED') {
      notify(config, { key: 'error.request_timeout' });
      return new ApiError('timeout', error.message, undefined, undefined);
    }
    if (!response) {
      notify(config, { key: 'error.network_failed' });
      // Spec: a network failure resets the session to the sign-in page, but only for calls the user made.
      if (!config?.background && !config?.resendable && spokeForCurrentSession(config)) {
        reactions.resetSession();
        reactions.goToLogin();
      }
      return new ApiError('network', error.message, undefined, undefined);
    }

    syncToken(response);
    const body = isEnvelope(response.data) ? response.data : undefined;
    const { status } = response;
    if (body?.code === LOGGED_IN_ELSEWHERE_CODE) {
      loggedInElsewhere(config, body);
    } else if (status === 401) {
      signedOut(config);
    } else if (status === 403) {
      reactions.goToUnauthorised();
    } else {
      const code = body?.code ?? status;
      notify(config, body?.msg ? { text: body.msg } : { key: 'error.backend_exception', values: { code } });
    }
    return new ApiError('http', body?.msg || error.message, body?.code, status, body?.data);
  }

  instance.interceptors.response.use(
    (response) => {
      syncToken(response);
      const body: unknown = response.data;
      if (!isEnvelope(body)) return response;
      if (!SUCCESS_CODES.has(body.code)) return Promise.reject(businessFailure(response, body));
      return response;
    },
    (error: unknown) => {
      if (axios.isCancel(error) || !axios.isAxiosError(error)) return Promise.reject(error);
      return Promise.reject(transportFailure(error));
    },
  );

  /** Sends a call and answers the envelope's `data`. */
  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    const response = await instance.request(config);
    const body: unknown = response.data;
    return (isEnvelope(body) ? body.data : body) as T;
  }

  return {
    instance,
    request,
    get: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'GET', url }),
    delete: <T>(url: string, config?: AxiosRequestConfig) => request<T>({ ...config, method: 'DELETE', url }),
    post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
      request<T>({ ...config, method: 'POST', url, data }),
    put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
      request<T>({ ...config, method: 'PUT', url, data }),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
