import { formatDate } from './date-format.ts';
import {
  RELATIVE_HOURS_UNTIL_MS,
  RELATIVE_JUST_NOW_MS,
  RELATIVE_MINUTES_UNTIL_MS,
  RELATIVE_YESTERDAY_UNTIL_MS,
} from './limits.ts';

/**
 * The relative time the spec sets: under 30 s "just now", under an hour minutes, under a day
 * hours, under two days "yesterday", otherwise a date. Wording comes from the platform's own
 * `Intl` data for the locale; only "just now" needs the caller's translation.
 */
export function formatRelativeTime(
  time: Date | number | string,
  locale: string,
  justNow: string,
  now: Date | number = Date.now(),
): string {
  const then = new Date(time).getTime();
  const elapsed = Math.max(0, new Date(now).getTime() - then);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (elapsed < RELATIVE_JUST_NOW_MS) return justNow;
  if (elapsed < RELATIVE_MINUTES_UNTIL_MS) {
    return relative.format(-Math.max(1, Math.floor(elapsed / 60_000)), 'minute');
  }
  if (elapsed < RELATIVE_HOURS_UNTIL_MS) return relative.format(-Math.floor(elapsed / 3_600_000), 'hour');
  if (elapsed < RELATIVE_YESTERDAY_UNTIL_MS) return relative.format(-1, 'day');
  return formatDate(then, locale);
}
