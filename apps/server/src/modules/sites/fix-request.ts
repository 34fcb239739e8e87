import {
  SITE_FIX_ERROR_TEXT_MAX,
  SITE_FIX_ERRORS_MAX,
  type SiteBuildError,
} from '@tandem/contract/chat-sites';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';

const placeOf = (error: SiteBuildError) =>
  error.file === null
    ? ''
    : `${[error.file, error.line, error.column].filter((part) => part !== null).join(':')}: `;

/** The message asking the agent to fix a failed version: its number, then an error a line, where it is. */
export function fixRequestOf(locale: Locale, version: number, errors: SiteBuildError[]): string {
  const lines = errors
    .slice(0, SITE_FIX_ERRORS_MAX)
    .map((error) => `- ${placeOf(error)}${error.text.slice(0, SITE_FIX_ERROR_TEXT_MAX)}`);
  return [translate(locale, 'sites.fix_request', { number: version }), '', ...lines].join('\n');
}
