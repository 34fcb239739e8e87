/**
 * The Centrifugo client protocol (v2, JSON) as the `centrifuge` SDK speaks it: each websocket text
 * frame holds one or more JSON objects separated by `\n`. A command carries an `id` and one request
 * (`connect`, `subscribe`, ...); its reply carries the same `id` and the result under the same key,
 * or `error`. Pushes (`{"push": ...}`) have no id; the server's ping is `{}` and so is the client's
 * pong. Codes are Centrifugo's, so the SDK reacts to the hub exactly as it would to Centrifugo.
 */

/** Close codes: 3000-3499 tell the client to reconnect, 3500-3999 not to. */
export const DISCONNECT = {
  shutdown: { code: 3001, reason: 'shutdown' },
  serverError: { code: 3004, reason: 'internal server error' },
  expired: { code: 3005, reason: 'connection expired' },
  subscriptionExpired: { code: 3006, reason: 'subscription expired' },
  slow: { code: 3008, reason: 'slow' },
  noPong: { code: 3012, reason: 'no pong' },
  tooManyRequests: { code: 3013, reason: 'too many requests' },
  invalidToken: { code: 3500, reason: 'invalid token' },
  badRequest: { code: 3501, reason: 'bad request' },
  stale: { code: 3502, reason: 'stale' },
  /** The session was signed out: the client does not reconnect with it (Centrifugo's force disconnect). */
  revoked: { code: 3503, reason: 'force disconnect' },
} as const;
export type Disconnect = (typeof DISCONNECT)[keyof typeof DISCONNECT];

/** Errors in replies: the SDK retries 109 with a new token and temporary errors later, and gives up on the others. */
export const REPLY_ERROR = {
  permissionDenied: { code: 103, message: 'permission denied' },
  methodNotFound: { code: 104, message: 'method not found' },
  alreadySubscribed: { code: 105, message: 'already subscribed' },
  limitExceeded: { code: 106, message: 'limit exceeded' },
  badRequest: { code: 107, message: 'bad request' },
  notAvailable: { code: 108, message: 'not available' },
  tokenExpired: { code: 109, message: 'token expired' },
} as const;
export type ReplyError = (typeof REPLY_ERROR)[keyof typeof REPLY_ERROR];

export type ConnectRequest = { token?: unknown };
/** `recover` with the `offset` and `epoch` last seen asks for what was missed (Centrifugo's recovery). */
export type SubscribeRequest = {
  channel?: unknown;
  token?: unknown;
  recover?: unknown;
  offset?: unknown;
  epoch?: unknown;
};
export type RefreshRequest = { token?: unknown };

/** A decoded command: one request method and its parameters, or the client's pong. */
export type Command =
  | { id: number; method: 'connect' | 'refresh'; params: ConnectRequest }
  | { id: number; method: 'subscribe' | 'sub_refresh'; params: SubscribeRequest }
  | { id: number; method: 'unsubscribe'; params: { channel?: unknown } }
  | { id: number; method: 'ping' }
  | { id: number; method: 'unsupported'; name: string }
  | { id: 0; method: 'pong' };

const METHODS = new Set(['connect', 'refresh', 'subscribe', 'sub_refresh', 'unsubscribe', 'ping']);
const NOT_SERVED = new Set(['publish', 'presence', 'presence_stats', 'history', 'rpc', 'send']);

/** One line of a frame, or undefined when it is not a command of this protocol. */
export function decodeCommand(line: string): Command | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const command = value as Record<string, unknown>;
  const id = command.id;
  const name = Object.keys(command).find((key) => key !== 'id');
  if (id === undefined && name === undefined) return { id: 0, method: 'pong' };
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || name === undefined) return undefined;
  const params = command[name];
  if (typeof params !== 'object' || params === null) return undefined;
  if (METHODS.has(name)) return { id, method: name, params } as Command;
  if (NOT_SERVED.has(name)) return { id, method: 'unsupported', name };
  return undefined;
}

export const encodeReply = (id: number, method: string, result: object) =>
  `{"id":${id},${JSON.stringify(method)}:${JSON.stringify(result)}}`;

export const encodeError = (id: number, error: ReplyError) => `{"id":${id},"error":${JSON.stringify(error)}}`;

/** A publication's JSON: its data (already JSON) and, on a channel with history, its offset. */
const publicationJson = (json: string, offset?: number) =>
  offset === undefined ? `{"data":${json}}` : `{"data":${json},"offset":${offset}}`;

/** A publication as pushed to every subscriber of the channel: encoded once, sent to all. */
export const encodePublication = (channel: string, json: string, offset?: number) =>
  Buffer.from(`{"push":{"channel":${JSON.stringify(channel)},"pub":${publicationJson(json, offset)}}}`);

/** A subscribe reply carrying recovered publications, whose data is already JSON. */
export const encodeSubscribeReply = (
  id: number,
  result: object,
  publications: readonly { json: string; offset: number }[],
) => {
  const fields = JSON.stringify(result);
  if (publications.length === 0) return encodeReply(id, 'subscribe', result);
  const list = publications.map((p) => publicationJson(p.json, p.offset)).join(',');
  return `{"id":${id},"subscribe":${fields.slice(0, -1)}${fields.length > 2 ? ',' : ''}"publications":[${list}]}}`;
};

/** Centrifugo's unsubscribe push with code 2500: the client subscribes again, recovering what it can. */
export const encodeInsufficientState = (channel: string) =>
  `{"push":{"channel":${JSON.stringify(channel)},"unsubscribe":{"code":2500,"reason":"insufficient state"}}}`;

/** Centrifugo's unsubscribe push with code 2000: the server took the subscription away for good. */
export const encodeServerUnsubscribe = (channel: string) =>
  `{"push":{"channel":${JSON.stringify(channel)},"unsubscribe":{"code":2000,"reason":"server unsubscribe"}}}`;

export const PING_FRAME = Buffer.from('{}');
