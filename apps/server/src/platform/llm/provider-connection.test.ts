// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { languageModelOf, type ProviderConnection } from './provider-connection.ts';

describe('languageModelOf', () => {
  it('makes the SDK model of a connection and model key once', () => {
    const connection: ProviderConnection = {
      kind: 'openai-compatible',
      name: 'x',
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: 'k',
    };
    const model = languageModelOf(connection, 'a');
    expect(languageModelOf(connection, 'a')).toBe(model);
    expect(languageModelOf(connection, 'b')).not.toBe(model);
    // The catalogue makes a new connection when a provider changes: its models are made anew.
    expect(languageModelOf({ ...connection, apiKey: 'k2' }, 'a')).not.toBe(model);
  });
});
