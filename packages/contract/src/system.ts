import { z } from 'zod';
import { LOCALES, THEME_IDS } from './i18n.ts';

export const healthData = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
/** What a failing health probe carries (HTTP 503, code 1090): which write failed. */
export const degradedHealthData = healthData.extend({
  status: z.literal('degraded'),
  reason: z.enum(['database_not_writable', 'data_dir_not_writable']),
});
export type DegradedHealthData = z.infer<typeof degradedHealthData>;
export type HealthData = z.infer<typeof healthData>;

export const clientConfigData = z.object({
  app_name: z.string(),
  version: z.string(),
  sign_in_methods: z.object({
    password: z.boolean(),
    code: z.boolean(),
    google: z.boolean(),
  }),
  register_methods: z.object({ email: z.boolean(), phone: z.boolean() }),
  locales: z.array(z.enum(LOCALES)),
  default_locale: z.enum(LOCALES),
  themes: z.array(
    z.object({ id: z.number().int(), key: z.enum(Object.keys(THEME_IDS) as ['light', 'dark', 'system']) }),
  ),
  realtime_url: z.string(),
  /** Outside production: the mail and SMS not really sent are listed at /dev/outbox (GET /api/dev/outbox). */
  dev_outbox: z.boolean(),
  upload_limits: z.object({
    avatar_bytes: z.number().int(),
    avatar_extensions: z.array(z.string()),
    chat_image_bytes: z.number().int(),
    chat_images_per_message: z.number().int(),
    editor_image_bytes: z.number().int(),
    editor_file_bytes: z.number().int(),
    pdf_bytes: z.number().int(),
    pdf_files_per_selection: z.number().int(),
  }),
});
export type ClientConfigData = z.infer<typeof clientConfigData>;

/** A mail or SMS that was not really sent (development outbox, outside production only). */
export const devOutboxItem = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  created_at: z.string(),
});
export type DevOutboxItem = z.infer<typeof devOutboxItem>;

export const API = {
  health: { method: 'GET', path: '/api/health' },
  devOutbox: { method: 'GET', path: '/api/dev/outbox' },
  resourceLocale: { method: 'GET', path: '/api/i18n/resource-locale' },
  clientConfig: { method: 'GET', path: '/api/client/sys/config' },
  /** The embedded database as a gzipped tar, for `npm run backup` on the same machine (its token). */
  backup: { method: 'GET', path: '/api/ops/backup' },
} as const;

/** Calls whose failures never pop an error message. */
export const SILENT_ERROR_URLS = [
  '/api/chat/agent-send-message',
  '/api/knowledge/agent-send-message',
  '/api/agent/counselor-optimize',
  '/api/agent/set-com-agent-chat-status',
  '/api/i18n/resource-locale',
  '/api/knowledge/save-online-doc',
] as const;

export const DEVICE_ID_HEADER = 'x-device-id';
/**
 * A visitor without an account (a web-public agent's page or embed) is known by a random secret their
 * browser keeps and sends in this header; the server keeps only its hash.
 */
export const VISITOR_TOKEN_HEADER = 'x-visitor-token';
export const VISITOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
export const VISITOR_TOKEN_STORAGE_KEY = 'visitor_token';
export const TOKEN_COOKIE = 'token';
export const DEVICE_ID_STORAGE_KEY = 'device_id';
