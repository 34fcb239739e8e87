import { DEFAULT_LOCALE, LOCALES, THEME_IDS, type ThemeMode } from '@tandem/contract/i18n';
import {
  AVATAR_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGES_PER_MESSAGE,
  EDITOR_FILE_MAX_BYTES,
  EDITOR_IMAGE_MAX_BYTES,
  PDF_FILES_PER_SELECTION,
  PDF_MAX_BYTES,
} from '@tandem/contract/limits';
import type { ClientConfigData } from '@tandem/contract/system';
import { queryOptions } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { http } from '../api/http.ts';

export const CLIENT_CONFIG_PATH = '/api/client/sys/config';

/** What the client assumes while the server is unreachable: password sign-in, every language and theme. */
export const FALLBACK_CLIENT_CONFIG: ClientConfigData = {
  app_name: 'Tandem',
  version: '',
  sign_in_methods: { password: true, code: true, google: false },
  register_methods: { email: true, phone: true },
  locales: [...LOCALES],
  default_locale: DEFAULT_LOCALE,
  themes: (Object.entries(THEME_IDS) as [ThemeMode, number][]).map(([key, id]) => ({ id, key })),
  realtime_url: '',
  dev_outbox: false,
  upload_limits: {
    avatar_bytes: 2 * 1024 * 1024,
    avatar_extensions: [...AVATAR_EXTENSIONS],
    chat_image_bytes: CHAT_IMAGE_MAX_BYTES,
    chat_images_per_message: CHAT_IMAGES_PER_MESSAGE,
    editor_image_bytes: EDITOR_IMAGE_MAX_BYTES,
    editor_file_bytes: EDITOR_FILE_MAX_BYTES,
    pdf_bytes: PDF_MAX_BYTES,
    pdf_files_per_selection: PDF_FILES_PER_SELECTION,
  },
};

let loaded: ClientConfigData | undefined;
let loading: Promise<ClientConfigData> | undefined;
const listeners = new Set<() => void>();

/**
 * The server's configuration for clients, asked once a page load. Kept here rather than in the query
 * cache: the sign-in pages read it, and they do without TanStack Query (query-client.ts).
 */
export function loadClientConfig(): Promise<ClientConfigData> {
  // Silent: every page that reads it works on the fallback, so a failure here is not the user's problem.
  loading ??= http.get<ClientConfigData>(CLIENT_CONFIG_PATH, { silent: true, background: true }).then(
    (config) => {
      loaded = config;
      for (const listener of listeners) listener();
      return config;
    },
    (error: unknown) => {
      // The next reader asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Forgets the configuration, as a new page load does (tests rendering pages one after another). */
export function forgetClientConfig() {
  loaded = undefined;
  loading = undefined;
}

/** The configuration for queries that wait for it (the realtime connection, the embedded chat). */
export const clientConfigQuery = queryOptions({
  queryKey: ['system', 'client-config'],
  queryFn: loadClientConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useClientConfig(): ClientConfigData {
  const config = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (!loaded) loadClientConfig().catch(() => {});
  }, []);
  return config ?? FALLBACK_CLIENT_CONFIG;
}

export const themeModesOf = (config: ClientConfigData) => config.themes.map((theme) => theme.key);
