import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROVIDER_KINDS, type ProviderKind } from '@tandem/contract/agent-rules';
import { AI_WRITING_FIRST_TOKEN_MS } from '@tandem/contract/ai-writing';
import { CODES_PER_IP_PER_HOUR } from '@tandem/contract/limits';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR } from './paths.ts';
import type { StorageSettings } from './platform/storage/storage.ts';
import { DEFAULT_HEAVY_WORK_LIMITS } from './platform/workers/index.ts';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** Every environment variable the server reads; each is a row of docs/configuration.md (config-docs.test.ts). */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  WEB_DIST_DIR: z.string().default(DEFAULT_WEB_DIST_DIR),
  TRUST_PROXY: flag,
  REALTIME_URL: optionalText,
  REALTIME_SECRET: optionalText.pipe(z.string().min(32, 'at least 32 characters').optional()),
  CENTRIFUGO_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  CENTRIFUGO_API_KEY: optionalText,
  SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Tandem <no-reply@tandem.local>'),
  SMS_WEBHOOK_URL: optionalText.pipe(z.url().optional()),
  SMS_WEBHOOK_TOKEN: optionalText,
  OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  CODES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(CODES_PER_IP_PER_HOUR),
  SECRETS_KEY: optionalText.pipe(z.string().min(32, 'at least 32 characters').optional()),
  LLM_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  LLM_API_KEY: optionalText,
  LLM_PROVIDER_KIND: z.enum(PROVIDER_KINDS).default('openai-compatible'),
  LLM_PROVIDER_NAME: optionalText,
  LLM_MODELS: optionalText.pipe(
    z
      .string()
      .regex(/^\s*[^,=\s]+(\s*=\s*\d+)?\s*(,\s*[^,=\s]+(\s*=\s*\d+)?\s*)*$/, 'model keys: key[=points],...')
      .optional(),
  ),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  /** Ports of 127.0.0.1 the setup page probes for OpenAI-compatible servers (Ollama, LM Studio, llama.cpp, vLLM). */
  LOCAL_MODEL_PORTS: z
    .string()
    .regex(/^\s*\d{1,5}(\s*,\s*\d{1,5})*\s*$/, 'ports: 11434,1234,...')
    .default('11434,1234,8080,8000')
    .transform((value) => value.split(',').map((port) => Number(port.trim()))),
  AI_WRITING_FIRST_TOKEN_MS: z.coerce.number().int().min(10).default(AI_WRITING_FIRST_TOKEN_MS),
  CHAT_TEAM_MAX_REPLIES: z.coerce.number().int().min(1).default(1000),
  PROCESS_HEARTBEAT_MS: z.coerce.number().int().min(100).default(10_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(20_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  KNOWLEDGE_INDEX_DELAY_MS: z.coerce.number().int().min(0).default(3000),
  SITE_PREVIEW_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SITE_PREVIEW_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SITE_BUILDS_AT_ONCE: z.coerce.number().int().min(1).max(8).default(2),
  SITE_BUILD_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  SITE_BUILD_MEMORY_MB: z.coerce.number().int().min(128).default(512),
  WORKER_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  WORKER_TASK_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  SITE_BUILD_NICENESS: z.coerce.number().int().min(0).max(19).default(19),
  KNOWLEDGE_VECTORS: z.enum(['auto', 'array']).default('auto'),
  MODERATION_WORDS: optionalText,
  MODERATION_WORDS_FILE: optionalText,
  MODERATION_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  MODERATION_API_KEY: optionalText,
  MODERATION_MODEL: z.string().default('omni-moderation-latest'),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'at least 16 characters').max(128).optional()),
  ADMIN_EMAILS: optionalText.pipe(
    z
      .string()
      .transform((list) =>
        list
          .split(/[,\s]+/)
          .map((email) => email.toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('a comma-separated list of email addresses')))
      .optional(),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag,
  BILLING_PLANS_FILE: optionalText,
  BILLING_CURRENCY: z.enum(['CNY', 'USD', 'JPY']).default('CNY'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

/** A model the first start creates: its provider's key for it, and the points a request costs. */
export type SeedModel = { key: string; pointsPerRequest: number };

/** `gpt-4o-mini=1, llama3.2:3b=2`: `=` because model keys themselves may hold colons. */
function seedModelsOf(list: string | undefined): SeedModel[] {
  if (!list) return [];
  return list.split(',').map((entry) => {
    const [key = '', points] = entry.split('=').map((part) => part.trim());
    return { key, pointsPerRequest: points ? Number(points) : 1 };
  });
}

/** The refused words: comma- or line-separated in the variable, one per line in the file. */
function moderationWordsOf(list: string | undefined, file: string | undefined): string[] {
  let fromFile = '';
  if (file) {
    try {
      fromFile = readFileSync(resolve(file), 'utf8');
    } catch {
      throw new ConfigError(`Invalid configuration:\n  MODERATION_WORDS_FILE: cannot read ${file}`);
    }
  }
  return [list ?? '', fromFile]
    .join('\n')
    .split(/[,\n]/)
    .map((word) => word.trim())
    .filter((word) => word !== '' && !word.startsWith('#'));
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  publicUrl: string | undefined;
  webDistDir: string;
  trustProxy: boolean;
  realtimeUrl: string | undefined;
  realtime: {
    /** HS256 key of connection and subscription JWTs: Centrifugo's `client.token.hmac_secret_key`. */
    secret: string;
    /** Publications go through this Centrifugo's server API instead of the built-in hub. */
    centrifugo: { url: string; apiKey: string } | undefined;
  };
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sms: { webhookUrl: string; token: string | undefined } | undefined;
  /** Verification codes one IP address may ask for in an hour (the browser tests raise it). */
  codesPerIpPerHour: number;
  /** Key material for secrets kept in the database (model providers' API keys). */
  secretsKey: string;
  llm: {
    /** Whole-call limit of a model request. */
    timeoutMs: number;
    /** The editor's AI writing ends as a timeout without a first token in this time. */
    writingFirstTokenMs: number;
    /** Chat replies one team may have generating at once in one process; more answer system busy. */
    teamMaxReplies: number;
    /** Ports of 127.0.0.1 where the setup page looks for local OpenAI-compatible servers. */
    localPorts: number[];
    /** A provider and its models to create on a start that finds none. */
    seed:
      | { kind: ProviderKind; name: string; baseUrl: string; apiKey: string | undefined; models: SeedModel[] }
      | undefined;
  };
  /** Chat moderation: the operator's refused words, and an OpenAI-compatible moderation endpoint. */
  moderation: {
    words: string[];
    provider: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  };
  /** Accounts with these emails (lower case) are platform admins from their next sign-in. */
  adminEmails: string[];
  /** Where uploads live: DATA_DIR on local disk, or an S3-compatible bucket shared by every node. */
  storage: StorageSettings;
  /** Development helpers such as GET /api/dev/outbox are on everywhere but production. */
  isDevelopmentHelpersOn: boolean;
  /** `GET /metrics` answers a scraper sending this bearer token; without one it does not exist. */
  metricsToken: string | undefined;
  /**
   * How often this process renews its lease in the database; one three beats late is gone, and
   * another process fails and refunds the replies it was generating.
   */
  heartbeatMs: number;
  /** On SIGTERM, how long streaming replies may go on before they are failed and refunded. */
  shutdownGraceMs: number;
  /** How long a request body of up to 1 MB may take to arrive; uploads get this per MB of their limit. */
  bodyTimeoutMs: number;
  /** A changed document is indexed for search once its content has been quiet this long. */
  knowledgeIndexDelayMs: number;
  /** The worker pool of document work (platform/workers): threads, each one's heap, one task's time. */
  workers: { threads: number; memoryMb: number; timeoutMs: number };
  /** Web pages built through chat (modules/sites). */
  sites: {
    /**
     * Where browsers reach the preview origin that serves built pages; without it, the app's own host
     * (PUBLIC_URL's, else the request's) on `previewPort`.
     */
    previewUrl: string | undefined;
    /** The port the preview origin listens on: PORT + 1 unless set. */
    previewPort: number;
    /** esbuild builds one process runs at once; more wait their turn. */
    buildsAtOnce: number;
    /** A build running longer fails. */
    buildTimeoutMs: number;
    /** A build whose processes (Node's and esbuild's) hold more resident memory fails. */
    buildMemoryMb: number;
    /** How much nicer than the server builds run (Linux's 0 to 19). */
    buildNiceness: number;
  };
  billing: {
    /** The operator's plan catalogue (JSON); the built-in defaults without one. */
    plansFile: string | undefined;
    currency: 'CNY' | 'USD' | 'JPY';
    /** Stripe takes the payments when configured; the sandbox provider otherwise. */
    stripe:
      | { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl: string | undefined }
      | undefined;
  };
  /**
   * Where embeddings are compared: `auto` uses pgvector when the database has it and otherwise
   * compares Float32 vectors in the server; `array` always does the latter.
   */
  knowledgeVectors: 'auto' | 'array';
};

export class ConfigError extends Error {}

type Parsed = z.infer<typeof schema>;
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Any S3 setting turns S3 on, so a half-configured bucket stops the start rather than filling DATA_DIR. */
function s3MissingOf(c: Parsed): string[] {
  const isOn = [...S3_REQUIRED, 'S3_ENDPOINT' as const].some((name) => c[name] !== undefined);
  if (!isOn) return [];
  return S3_REQUIRED.filter((name) => c[name] === undefined).map(
    (name) => `${name}: required with the other S3_ settings`,
  );
}

function storageOf(c: Parsed, dataDir: string): StorageSettings {
  if (!c.S3_BUCKET || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) return { kind: 'local', root: dataDir };
  return {
    kind: 's3',
    endpoint: c.S3_ENDPOINT,
    bucket: c.S3_BUCKET,
    region: c.S3_REGION,
    accessKeyId: c.S3_ACCESS_KEY_ID,
    secretAccessKey: c.S3_SECRET_ACCESS_KEY,
    forcePathStyle: c.S3_FORCE_PATH_STYLE,
  };
}

const STRIPE_REQUIRED = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Any Stripe key turns Stripe on, so a half-configured Stripe stops the start instead of taking no money. */
function stripeMissingOf(c: Parsed): string[] {
  if (!STRIPE_REQUIRED.some((name) => c[name] !== undefined)) return [];
  return STRIPE_REQUIRED.filter((name) => c[name] === undefined).map(
    (name) => `${name}: required with the other STRIPE_ settings`,
  );
}

const GOOGLE_ISSUER = 'https://accounts.google.com';

/**
 * Outside production a missing secret is made once and kept in DATA_DIR, so it survives a restart;
 * production must name one (every node, and for the realtime secret Centrifugo, shares it).
 */
function keptSecretOf(name: string, given: string | undefined, env: Config['env'], dataDir: string): string {
  if (given) return given;
  if (env === 'production') {
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: required in production (at least 32 characters)`,
    );
  }
  const file = join(dataDir, name.toLowerCase().replaceAll('_', '-'));
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {}
  const made = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, made, { mode: 0o600 });
  return made;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const missing = [
    c.CENTRIFUGO_URL && !c.CENTRIFUGO_API_KEY && 'CENTRIFUGO_API_KEY: required with CENTRIFUGO_URL',
    c.CENTRIFUGO_API_KEY && !c.CENTRIFUGO_URL && 'CENTRIFUGO_URL: required with CENTRIFUGO_API_KEY',
    c.CENTRIFUGO_URL &&
      !c.REALTIME_URL &&
      "REALTIME_URL: required with CENTRIFUGO_URL (Centrifugo's public websocket address)",
    ...s3MissingOf(c),
    ...stripeMissingOf(c),
  ].filter(Boolean);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  const dataDir = resolve(c.DATA_DIR);
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    dataDir,
    databaseUrl: c.DATABASE_URL,
    logLevel: c.LOG_LEVEL,
    publicUrl: c.PUBLIC_URL,
    webDistDir: resolve(c.WEB_DIST_DIR),
    trustProxy: c.TRUST_PROXY,
    realtimeUrl: c.REALTIME_URL,
    realtime: {
      secret: keptSecretOf('REALTIME_SECRET', c.REALTIME_SECRET, c.NODE_ENV, dataDir),
      centrifugo:
        c.CENTRIFUGO_URL && c.CENTRIFUGO_API_KEY
          ? { url: c.CENTRIFUGO_URL.replace(/\/+$/, ''), apiKey: c.CENTRIFUGO_API_KEY }
          : undefined,
    },
    // Google is the preset: a client id and secret without an issuer sign in with Google.
    oidc:
      c.OIDC_CLIENT_ID && c.OIDC_CLIENT_SECRET
        ? {
            issuer: c.OIDC_ISSUER ?? GOOGLE_ISSUER,
            clientId: c.OIDC_CLIENT_ID,
            clientSecret: c.OIDC_CLIENT_SECRET,
          }
        : undefined,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    sms: c.SMS_WEBHOOK_URL ? { webhookUrl: c.SMS_WEBHOOK_URL, token: c.SMS_WEBHOOK_TOKEN } : undefined,
    codesPerIpPerHour: c.CODES_PER_IP_PER_HOUR,
    secretsKey: keptSecretOf('SECRETS_KEY', c.SECRETS_KEY, c.NODE_ENV, dataDir),
    moderation: {
      words: moderationWordsOf(c.MODERATION_WORDS, c.MODERATION_WORDS_FILE),
      provider: c.MODERATION_URL
        ? {
            baseUrl: c.MODERATION_URL.replace(/\/+$/, ''),
            apiKey: c.MODERATION_API_KEY,
            model: c.MODERATION_MODEL,
          }
        : undefined,
    },
    llm: {
      timeoutMs: c.LLM_TIMEOUT_MS,
      writingFirstTokenMs: c.AI_WRITING_FIRST_TOKEN_MS,
      teamMaxReplies: c.CHAT_TEAM_MAX_REPLIES,
      localPorts: c.LOCAL_MODEL_PORTS,
      seed: c.LLM_BASE_URL
        ? {
            kind: c.LLM_PROVIDER_KIND,
            name: c.LLM_PROVIDER_NAME ?? new URL(c.LLM_BASE_URL).host,
            baseUrl: c.LLM_BASE_URL.replace(/\/+$/, ''),
            apiKey: c.LLM_API_KEY,
            models: seedModelsOf(c.LLM_MODELS),
          }
        : undefined,
    },
    adminEmails: c.ADMIN_EMAILS ?? [],
    storage: storageOf(c, dataDir),
    isDevelopmentHelpersOn: c.NODE_ENV !== 'production',
    metricsToken: c.METRICS_TOKEN,
    heartbeatMs: c.PROCESS_HEARTBEAT_MS,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    bodyTimeoutMs: c.BODY_TIMEOUT_MS,
    knowledgeIndexDelayMs: c.KNOWLEDGE_INDEX_DELAY_MS,
    workers: {
      threads: c.WORKER_THREADS ?? DEFAULT_HEAVY_WORK_LIMITS.threads,
      memoryMb: c.WORKER_MEMORY_MB,
      timeoutMs: c.WORKER_TASK_TIMEOUT_MS,
    },
    sites: {
      previewUrl: c.SITE_PREVIEW_URL?.replace(/\/+$/, ''),
      previewPort: c.SITE_PREVIEW_PORT ?? (c.PORT === 0 ? 0 : Math.min(c.PORT + 1, 65535)),
      buildsAtOnce: c.SITE_BUILDS_AT_ONCE,
      buildTimeoutMs: c.SITE_BUILD_TIMEOUT_MS,
      buildMemoryMb: c.SITE_BUILD_MEMORY_MB,
      buildNiceness: c.SITE_BUILD_NICENESS,
    },
    billing: {
      plansFile: c.BILLING_PLANS_FILE ? resolve(c.BILLING_PLANS_FILE) : undefined,
      currency: c.BILLING_CURRENCY,
      stripe:
        c.STRIPE_SECRET_KEY && c.STRIPE_PUBLISHABLE_KEY && c.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: c.STRIPE_SECRET_KEY,
              publishableKey: c.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: c.STRIPE_WEBHOOK_SECRET,
              apiUrl: c.STRIPE_API_URL,
            }
          : undefined,
    },
    knowledgeVectors: c.KNOWLEDGE_VECTORS,
  };
}
