import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Request and model latencies, in seconds: from a cached health answer to a slow model's whole reply. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const MODEL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120];

/** What the chat module reports: its replies generating now, and each send's debit. */
export type ChatMetrics = {
  countRepliesWith(read: () => number): void;
  pointsDebited(points: number): void;
};

/**
 * The server's Prometheus metrics, in a registry of its own (tests build several apps in one process).
 * Counts that already live elsewhere (replies generating, open websockets) are read when scraped, so
 * the code paths that change them pay nothing.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  let readReplies = () => 0;
  let readConnections = () => 0;

  const requestSeconds = new Histogram({
    name: 'tandem_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'tandem_chat_replies_streaming',
    help: 'Chat replies this process is generating',
    registers,
    collect() {
      this.set(readReplies());
    },
  });
  new Gauge({
    name: 'tandem_realtime_connections',
    help: "Websocket connections on this process's built-in realtime hub (0 when Centrifugo carries them)",
    registers,
    collect() {
      this.set(readConnections());
    },
  });
  const modelFirstToken = new Histogram({
    name: 'tandem_model_first_token_seconds',
    help: "From a model request to the model's first text",
    labelNames: ['provider', 'model'] as const,
    buckets: MODEL_BUCKETS,
    registers,
  });
  const modelSeconds = new Histogram({
    name: 'tandem_model_duration_seconds',
    help: 'Model requests that finished, from request to the end of the answer',
    labelNames: ['provider', 'model'] as const,
    buckets: MODEL_BUCKETS,
    registers,
  });
  const modelErrors = new Counter({
    name: 'tandem_model_errors_total',
    help: 'Model requests that failed, by kind (provider_failed, timeout, model_unavailable)',
    labelNames: ['provider', 'model', 'kind'] as const,
    registers,
  });
  const pointsDebited = new Counter({
    name: 'tandem_points_debited_total',
    help: 'Points debited for chat replies (refunds of failed replies not subtracted)',
    registers,
  });

  const chat: ChatMetrics = {
    countRepliesWith(read) {
      readReplies = read;
    },
    pointsDebited: (points) => pointsDebited.inc(points),
  };

  return {
    registry,
    chat,
    countConnectionsWith(read: () => number) {
      readConnections = read;
    },
    request(route: string, method: string, statusCode: number, milliseconds: number) {
      requestSeconds.observe(
        { route, method, status: `${Math.floor(statusCode / 100)}xx` },
        milliseconds / 1000,
      );
    },
    modelFirstToken(labels: ModelLabels, seconds: number) {
      modelFirstToken.observe(labels, seconds);
    },
    modelFinished(labels: ModelLabels, seconds: number) {
      modelSeconds.observe(labels, seconds);
    },
    modelFailed(labels: ModelLabels, kind: string) {
      modelErrors.inc({ ...labels, kind });
    },
  };
}

export type ModelLabels = { provider: string; model: string };
export type Metrics = ReturnType<typeof createMetrics>;
