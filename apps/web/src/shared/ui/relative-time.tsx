import { formatDateTime } from '@tandem/contract/date-format';
import { RELATIVE_JUST_NOW_MS } from '@tandem/contract/limits';
import { formatRelativeTime } from '@tandem/contract/relative-time';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../i18n/i18n.ts';

/** "just now", "5 minutes ago", "yesterday" or a date, kept current while it stays on screen. */
export function RelativeTime({ value, now }: { value: Date | number | string; now?: Date | number }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (now !== undefined) return;
    const timer = setInterval(() => setTick(Date.now()), RELATIVE_JUST_NOW_MS);
    return () => clearInterval(timer);
  }, [now]);
  const date = new Date(value);
  const label = formatRelativeTime(date, locale, t('common.just_now'), now ?? tick);
  return (
    <time
      dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}
      title={formatDateTime(date, locale)}
    >
      {label}
    </time>
  );
}
