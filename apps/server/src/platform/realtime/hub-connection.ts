import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

const SETTLED = Promise.resolve();

/** One socket's state, kept small: the hub is sized for 10,000 connections per process. */
export class HubConnection {
  userId: string | undefined = undefined;
  /** The session the connection token was given to, when it names one. */
  sessionId: number | undefined = undefined;
  /** Unix milliseconds; 0 before connect. */
  expiresAt = 0;
  /** Subscribed channels with the expiry of their token (0: none). */
  readonly channels = new Map<string, number>();
  /** The earliest subscription expiry, so the sweep need not walk the channels. */
  subscriptionsExpireAt = 0;
  /** Frames are handled one after another: a subscribe waits for the connect sent with it. */
  queue: Promise<void> = SETTLED;
  pendingFrames = 0;
  nextPingAt = 0;
  /** When the unanswered ping went out; 0 when none is pending. */
  pingSentAt = 0;
  isClosed = false;
  /** Replies of the frame being handled, sent together at its end or before a subscription's first publication. */
  replies: string[] = [];

  constructor(
    readonly socket: WebSocket,
    /** The TCP socket under it, for publications written as ready-made frames. */
    readonly stream: Duplex,
    readonly clientId: string,
    readonly openedAt: number,
  ) {}
}

/** A final, unmasked text frame (RFC 6455 section 5.2) holding `payload`. */
export function textFrame(payload: Buffer) {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
