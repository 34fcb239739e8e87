/**
 * The one way dates are written on screen, from the reader's locale: "Nov 24, 2026, 11:09 PM",
 * "2026年11月24日 23:09". A date alone is the same without the time, so two screens never disagree.
 */
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const format = (time: Date | number | string, locale: string, options: Intl.DateTimeFormatOptions) => {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, options).format(date);
};

/** "Nov 24, 2026" */
export const formatDate = (time: Date | number | string, locale: string) => format(time, locale, DATE);

/** "Nov 24, 2026, 11:09 PM" */
export const formatDateTime = (time: Date | number | string, locale: string) =>
  format(time, locale, DATE_TIME);
