// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'tandem-config-'));
const SECRET = 'a-realtime-secret-of-at-least-32-characters';
const SECRETS_KEY = 'a-secrets-key-of-at-least-32-characters';

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
    const config = loadConfig({
      NODE_ENV: 'production',
      REALTIME_SECRET: SECRET,
      SECRETS_KEY,
      DATA_DIR: dataDir(),
    });
    expect(config.realtime).toEqual({ secret: SECRET, centrifugo: undefined });
  });

  it('takes Centrifugo only with its URL, API key and the public REALTIME_URL together', () => {
    const base = { NODE_ENV: 'production', REALTIME_SECRET: SECRET, SECRETS_KEY, DATA_DIR: dataDir() };
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

describe('model provider configuration', () => {
  it('keeps a made SECRETS_KEY in DATA_DIR outside production and requires one in production', () => {
    const dir = dataDir();
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).secretsKey;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dir }).secretsKey).toBe(first);
    expect(statSync(join(dir, 'secrets-key')).mode & 0o777).toBe(0o600);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', REALTIME_SECRET: SECRET, DATA_DIR: dataDir() }),
    ).toThrow(/SECRETS_KEY: required in production/);
    expect(() => loadConfig({ SECRETS_KEY: 'short', DATA_DIR: dataDir() })).toThrow(/SECRETS_KEY/);
  });

  it('reads a first-start provider with model keys and their points', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
      LLM_MODELS: 'llama3.2:3b, qwen2.5:7b=2,gpt-4o-mini = 5',
    });
    expect(config.llm.seed).toEqual({
      kind: 'openai-compatible',
      name: '127.0.0.1:11434',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      models: [
        { key: 'llama3.2:3b', pointsPerRequest: 1 },
        { key: 'qwen2.5:7b', pointsPerRequest: 2 },
        { key: 'gpt-4o-mini', pointsPerRequest: 5 },
      ],
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).llm.seed).toBeUndefined();
    for (const bad of [
      { LLM_BASE_URL: 'ftp://models' },
      { LLM_PROVIDER_KIND: 'cohere' },
      { LLM_MODELS: 'a=b' },
      { LLM_MODELS: 'a,,b' },
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...bad }), JSON.stringify(bad)).toThrow(ConfigError);
    }
  });

  it('keeps uploads in DATA_DIR unless an S3 bucket is configured, and refuses half an S3 configuration', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({ kind: 'local', root: dir });
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'tandem',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ DATA_DIR: dir, ...s3, S3_FORCE_PATH_STYLE: 'true' }).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'tandem',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ DATA_DIR: dir, ...s3, S3_BUCKET: '' })).toThrow(/S3_BUCKET: required/);
    expect(() => loadConfig({ DATA_DIR: dir, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ACCESS_KEY_ID: required/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, ...s3, S3_ENDPOINT: 'ftp://store' })).toThrow(/S3_ENDPOINT/);
  });
});

describe('ADMIN_EMAILS', () => {
  it('reads a comma-separated list in any letter case and names a wrong entry', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAILS: ' Boss@Example.com, ops@example.org ' });
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.org']);
    expect(loadConfig({ DATA_DIR: dataDir() }).adminEmails).toEqual([]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAILS: 'boss@example.com, boss' })).toThrow(
      /ADMIN_EMAILS/,
    );
  });
});

describe('page builds', () => {
  it('limit each build to 15 s and 512 MB unless set, and refuse a memory limit under 128 MB', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sites).toMatchObject({
      buildsAtOnce: 2,
      buildTimeoutMs: 15_000,
      buildMemoryMb: 512,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), SITE_BUILD_MEMORY_MB: '256' }).sites.buildMemoryMb).toBe(256);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SITE_BUILD_MEMORY_MB: '64' })).toThrow(
      /SITE_BUILD_MEMORY_MB/,
    );
  });

  it("run builds as nice as can be unless set, on Linux's scale of 0 to 19", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sites.buildNiceness).toBe(19);
    expect(loadConfig({ DATA_DIR: dataDir(), SITE_BUILD_NICENESS: '10' }).sites.buildNiceness).toBe(10);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SITE_BUILD_NICENESS: '20' })).toThrow(
      /SITE_BUILD_NICENESS/,
    );
  });
});
