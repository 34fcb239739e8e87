import { PROFILE_API } from '@tandem/contract/api';
import { type Locale, normaliseLocale } from '@tandem/contract/i18n';
import type { preferenceConfigsData, updatePreferenceBody } from '@tandem/contract/user';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';

export type PreferenceConfigs = ReturnType<typeof preferenceConfigsData.parse>;
export type PreferenceUpdate = ReturnType<typeof updatePreferenceBody.parse>;

export const preferenceConfigsQuery = queryOptions({
  queryKey: ['account', 'preference-configs'],
  queryFn: () => http.get<PreferenceConfigs>(PROFILE_API.preferenceConfigs),
  staleTime: Number.POSITIVE_INFINITY,
});

export const updatePreference = (body: PreferenceUpdate) =>
  http.post<null>(PROFILE_API.updatePreference, body);

/** The server's id of a language, matched by key in any spelling (`en-US`, `en_us`). */
export function languageIdOf(configs: PreferenceConfigs, locale: Locale): number | undefined {
  return configs.language.find((option) => normaliseLocale(option.key) === locale)?.id;
}
