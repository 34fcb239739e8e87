import type { CurrentPlanPackage } from '@tandem/contract/billing';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function formatBytes(bytes: number, locale: string) {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value)} ${UNITS[unit]}`;
}

/** Points and storage as percentage, used and total; members as count and limit. */
export function UsageBars({ plan }: { plan: CurrentPlanPackage }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const numbers = new Intl.NumberFormat(locale);
  const { usage } = plan;
  const bars = [
    {
      key: 'points',
      label: t('billing.usage.points'),
      percent: usage.points_quota_percentage,
      text: t('billing.usage.used_of', {
        used: numbers.format(usage.points_quota_used_numerical),
        total: numbers.format(usage.points_quota_total_numerical),
      }),
    },
    {
      key: 'storage',
      label: t('billing.usage.storage'),
      percent: usage.storage_quota_percentage,
      text: t('billing.usage.used_of', {
        used: formatBytes(usage.storage_quota_used_numerical, locale),
        total: formatBytes(usage.storage_quota_total_numerical, locale),
      }),
    },
    {
      key: 'members',
      label: t('billing.usage.members'),
      percent: plan.member_limit > 0 ? Math.round((plan.member_count / plan.member_limit) * 1000) / 10 : 0,
      text: t('billing.usage.used_of', {
        used: numbers.format(plan.member_count),
        total: numbers.format(plan.member_limit),
      }),
    },
  ];
  return (
    <div className="billing-usage">
      {bars.map((bar) => (
        <div key={bar.key} className="billing-usage__item" data-testid={`usage-${bar.key}`}>
          <div className="billing-usage__head">
            <span>{bar.label}</span>
            <span className="billing-muted">{bar.text}</span>
          </div>
          <Progress
            percent={bar.percent}
            size="small"
            status={bar.percent >= 100 ? 'exception' : 'normal'}
            aria-label={bar.label}
          />
        </div>
      ))}
    </div>
  );
}
