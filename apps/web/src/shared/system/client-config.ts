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
import { queryOptions, useQuery } from '@tanstack/react-query';
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

export const clientConfigQuery = queryOptions({
  queryKey: ['system', 'client-config'],
  // Silent: every page that reads it works on the fallback, so a failure here is not the user's problem.
  queryFn: () => http.get<ClientConfigData>(CLIENT_CONFIG_PATH, { silent: true, background: true }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useClientConfig(): ClientConfigData {
  const { data } = useQuery(clientConfigQuery);
  return data ?? FALLBACK_CLIENT_CONFIG;
}

export const themeModesOf = (config: ClientConfigData) => config.themes.map((theme) => theme.key);
