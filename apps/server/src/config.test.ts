import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'tandem-config-'));
const SECRET = 'a-realtime-secret-of-at-least-32-characters';

describe('realtime configuration', () => {
  it('makes a secret once outside production and keeps it in DATA_DIR across restarts', () => {
    const dir = dataDir();
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(first.realtime.secret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).realtime.secret).toBe(
      first.realtime.secret,
    );
    expect(readFileSync(join(dir, 'realtime-secret'), 'utf8')).toBe(first.realtime.secret);
    expect(statSync(join(dir, 'realtime-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir() }).realtime.secret).not.toBe(
      first.realtime.secret,
    );
  });

  it('requires REALTIME_SECRET of at least 32 characters in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/REALTIME_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', REALTIME_SECRET: 'short', DATA_DIR: dataDir() }),
    ).toThrow(/REALTIME_SECRET: at least 32 characters/);
    const config = loadConfig({ NODE_ENV: 'production', REALTIME_SECRET: SECRET, DATA_DIR: dataDir() });
    expect(config.realtime).toEqual({ secret: SECRET, centrifugo: undefined });
  });

  it('takes Centrifugo only with its URL, API key and the public REALTIME_URL together', () => {
    const base = { NODE_ENV: 'production', REALTIME_SECRET: SECRET, DATA_DIR: dataDir() };
    const config = loadConfig({
      ...base,
      CENTRIFUGO_URL: 'http://centrifugo.internal:8000/',
      CENTRIFUGO_API_KEY: 'key',
      REALTIME_URL: 'wss://rt.example.com/connection/websocket',
    });
    expect(config.realtime.centrifugo).toEqual({ url: 'http://centrifugo.internal:8000', apiKey: 'key' });
    for (const partial of [
      { CENTRIFUGO_URL: 'http://centrifugo:8000', REALTIME_URL: 'wss://rt.example.com' },
      { CENTRIFUGO_API_KEY: 'key' },
      { CENTRIFUGO_URL: 'http://centrifugo:8000', CENTRIFUGO_API_KEY: 'key' },
      { CENTRIFUGO_URL: 'ftp://centrifugo', CENTRIFUGO_API_KEY: 'key', REALTIME_URL: 'wss://rt.example.com' },
    ]) {
      expect(() => loadConfig({ ...base, ...partial }), JSON.stringify(partial)).toThrow(ConfigError);
    }
  });
});
