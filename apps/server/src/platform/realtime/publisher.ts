/**
 * How every module sends realtime data: to the built-in hub by default, or to a Centrifugo cluster's
 * server API when one is configured. Publishing never throws: a lost notification must not fail the
 * request that caused it, so failures are logged by the implementation.
 */
export interface RealtimePublisher {
  /** Sends `data` (any JSON value) to every current subscriber of the channel. */
  publish(channel: string, data: unknown): Promise<void>;
  /** The same data to several channels at once (one call to Centrifugo). */
  broadcast(channels: readonly string[], data: unknown): Promise<void>;
}
