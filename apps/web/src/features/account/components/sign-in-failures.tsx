import { WarningOutlined } from '@ant-design/icons';
import type { SignInFailure } from '@tandem/contract/user';
import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { TableEmpty } from '../../../shared/ui/table-empty.tsx';
import { signInFailuresQuery } from '../api/devices.ts';

/** Failed sign-ins of the last 30 days per address, with the addresses locked out right now. */
export function SignInFailures() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const { data, isPending, isError, refetch } = useQuery(signInFailuresQuery());

  const columns: TableColumnsType<SignInFailure> = [
    {
      key: 'address',
      title: t('devices.failures_address'),
      render: (_, failure) => (
        <span className="device-list__place">
          <span className="sign-in-failures__address">
            {failure.ip_address}
            {failure.locked_until && (
              <Tag color="error" variant="filled" icon={<WarningOutlined />}>
                {t('devices.failures_locked', {
                  time: new Date(failure.locked_until).toLocaleTimeString(locale, { timeStyle: 'short' }),
                })}
              </Tag>
            )}
          </span>
          <span className="device-list__ip">{failure.location}</span>
        </span>
      ),
    },
    { key: 'count', title: t('devices.failures_count'), dataIndex: 'count', width: 80, align: 'end' },
    {
      key: 'last',
      title: t('devices.failures_last'),
      width: 120,
      render: (_, failure) => <RelativeTime value={failure.last_time} />,
    },
  ];

  return (
    <section className="account-settings__group" aria-labelledby="account-sign-in-failures-title">
      <h3 id="account-sign-in-failures-title">{t('devices.failures_title')}</h3>
      <p className="sign-in-failures__hint">{t('devices.failures_hint')}</p>
      <Table<SignInFailure>
        size="small"
        rowKey="ip_address"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isPending}
        pagination={false}
        locale={{
          emptyText: (
            <TableEmpty
              isError={isError}
              emptyText={t('devices.failures_empty')}
              failedText={t('devices.failures_load_failed')}
              onRetry={() => void refetch()}
            />
          ),
        }}
      />
    </section>
  );
}
