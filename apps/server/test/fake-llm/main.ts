import { parseArgs } from 'node:util';
import { startFakeLlmServer } from './fake-llm-server.ts';

/**
 * The fake model provider as its own process, for the browser tests:
 * `node --import tsx apps/server/test/fake-llm/main.ts --port 3218 [--api-key KEY]`.
 * Answers `GET /health` once listening.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    host: { type: 'string' },
    'api-key': { type: 'string' },
  },
});

const server = await startFakeLlmServer({
  port: Number(values.port),
  host: values.host,
  apiKey: values['api-key'],
});
console.log(`fake LLM provider at ${server.baseUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close().finally(() => process.exit(0));
  });
}
