import { randomBytes } from 'node:crypto';

/** One publication kept for recovery: its position and its data, already JSON. */
export type StoredPublication = { offset: number; json: string; at: number };

/** A channel's stream: its epoch, the last offset given and the newest publications. */
type Stream = { epoch: string; offset: number; publications: StoredPublication[]; bytes: number };

export type HistoryOptions = {
  /** Publications kept per channel (Centrifugo's history_size). */
  size?: number;
  /** How long one is kept (Centrifugo's history_ttl). */
  ttlMs?: number;
  /** Bytes of data kept per channel: a few large publications do not hold megabytes. */
  maxBytes?: number;
};

/** Where a subscriber stands in a channel's stream, as the `centrifuge` SDK tells it. */
export type StreamPosition = { offset: number; epoch: string };

export type Recovery =
  | { isRecovered: true; publications: StoredPublication[] }
  | { isRecovered: false; publications: [] };

/**
 * Centrifugo's history for the hub's channels that keep one: each publication gets the next offset
 * of its channel, and each channel an epoch, a random name of this copy of its stream. A subscriber
 * that comes back with an offset and epoch gets what it missed, or hears that it cannot (the epoch
 * changed: the hub restarted or the stream was dropped; or what it missed is no longer kept) and
 * reads the saved state instead. Memory is bounded per channel by size, bytes and age; a channel's
 * stream goes when nothing is kept and nobody listens.
 */
export class ChannelHistory {
  readonly #streams = new Map<string, Stream>();
  readonly #size: number;
  readonly #ttlMs: number;
  readonly #maxBytes: number;

  constructor(options: HistoryOptions = {}) {
    this.#size = options.size ?? 300;
    this.#ttlMs = options.ttlMs ?? 120_000;
    this.#maxBytes = options.maxBytes ?? 1024 * 1024;
  }

  /** Adds a publication to the channel's stream; answers its offset and the stream's epoch. */
  append(channel: string, json: string, now = Date.now()): StreamPosition {
    const stream = this.#stream(channel);
    const offset = ++stream.offset;
    stream.publications.push({ offset, json, at: now });
    stream.bytes += json.length;
    this.#trim(stream, now);
    return { offset, epoch: stream.epoch };
  }

  /** The channel's current top: the offset of its last publication (0 before any) and its epoch. */
  position(channel: string): StreamPosition {
    const stream = this.#stream(channel);
    return { offset: stream.offset, epoch: stream.epoch };
  }

  /**
   * What a subscriber at `from` missed. An empty epoch is any epoch, as on Centrifugo. Recovered only
   * when every publication after `from` is still kept.
   */
  recover(channel: string, from: StreamPosition, now = Date.now()): Recovery {
    const stream = this.#stream(channel);
    this.#trim(stream, now);
    const isSameStream = from.epoch === '' || from.epoch === stream.epoch;
    const oldestKept = stream.publications[0]?.offset ?? stream.offset + 1;
    if (!isSameStream || from.offset > stream.offset || from.offset + 1 < oldestKept) {
      return { isRecovered: false, publications: [] };
    }
    return { isRecovered: true, publications: stream.publications.filter((p) => p.offset > from.offset) };
  }

  /**
   * Drops old publications everywhere, and the streams of channels nobody listens to that keep none.
   * `isListened` tells whether a channel has subscribers: their positions must stay valid.
   */
  sweep(isListened: (channel: string) => boolean, now = Date.now()) {
    for (const [channel, stream] of this.#streams) {
      this.#trim(stream, now);
      if (stream.publications.length === 0 && !isListened(channel)) this.#streams.delete(channel);
    }
  }

  /** Forgets every stream: what was published meanwhile may be missing (new epochs say so). */
  clear() {
    const channels = [...this.#streams.keys()];
    this.#streams.clear();
    return channels;
  }

  get channelCount() {
    return this.#streams.size;
  }

  #stream(channel: string) {
    let stream = this.#streams.get(channel);
    if (!stream) {
      stream = { epoch: randomBytes(6).toString('base64url'), offset: 0, publications: [], bytes: 0 };
      this.#streams.set(channel, stream);
    }
    return stream;
  }

  #trim(stream: Stream, now: number) {
    const { publications } = stream;
    let drop = 0;
    let bytes = stream.bytes;
    while (
      drop < publications.length &&
      (publications.length - drop > this.#size ||
        bytes > this.#maxBytes ||
        now - publications[drop]!.at > this.#ttlMs)
    ) {
      bytes -= publications[drop]!.json.length;
      drop++;
    }
    if (drop > 0) publications.splice(0, drop);
    stream.bytes = bytes;
  }
}
