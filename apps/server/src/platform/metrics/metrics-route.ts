import type { FastifyInstance } from 'fastify';
import { requireOperatorToken } from '../auth/operator-token.ts';
import { AppError } from '../http/app-error.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` in Prometheus's text format, for a scraper holding METRICS_TOKEN; without the
 * setting the path does not exist (404), even for the web app's fallback page.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics | undefined,
  token: string | undefined,
) {
  if (!metrics || !token) {
    app.get(METRICS_PATH, async () => {
      throw new AppError('NOT_FOUND');
    });
    return;
  }
  // Synchronous: an async hook would cost a promise on every request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
  app.get(
    METRICS_PATH,
    { onRequest: requireOperatorToken(token), logLevel: 'warn' },
    async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}
