import { ANALYSIS_RANGE_MAX_DAYS } from '@tandem/contract/chat-insights';

const DAY_MS = 86_400_000;

/** A calendar day as `YYYY-MM-DD`, in this browser's time zone. */
export function localDay(date: Date) {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last `days` days up to and including today. */
export function lastDays(days: number, today = new Date()) {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { start: localDay(start), end: localDay(today) };
}

/** How many calendar days a range covers, both ends included. */
export const daysCovered = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;

export const isRangeAllowed = (start: string, end: string) => {
  const days = daysCovered(start, end);
  return days >= 1 && days <= ANALYSIS_RANGE_MAX_DAYS;
};

/** The browser's IANA time zone, which the server cuts days in; UTC when the browser has none. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** A `YYYY-MM-DD` day read as that calendar day, whatever the reader's time zone. */
export const calendarDate = (day: string) => new Date(`${day}T00:00:00Z`);
