import { DesktopOutlined, LogoutOutlined } from '@ant-design/icons';
import { DEVICE_TABLE_MAX_HEIGHT_PX } from '@tandem/contract/limits';
import type { Device } from '@tandem/contract/user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { TableEmpty } from '../../../shared/ui/table-empty.tsx';
import { DEVICE_PAGE_SIZE, devicesQuery, logoutAllOtherDevices, logoutDevice } from '../api/devices.ts';

/** The devices signed in to this account, with remote sign-out. */
export function DeviceList() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError, refetch } = useQuery(devicesQuery(page));
  const total = data?.total ?? 0;
  const hasOthers = total > 1;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['account', 'devices'] });

  function confirmLogout(device: Device) {
    modal.confirm({
      title: t('devices.logout_title', { name: device.device_name || t('devices.unknown_device') }),
      content: t('devices.logout_body'),
      okText: t('devices.logout'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await logoutDevice(device.device_id);
          showNotice({ key: 'devices.logged_out' }, 'success');
        } catch {
          // Reported by the HTTP client.
        }
        await refresh();
      },
    });
  }

  function confirmLogoutAll() {
    modal.confirm({
      title: t('devices.logout_all_title'),
      content: t('devices.logout_all_body'),
      okText: t('devices.logout_all'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await logoutAllOtherDevices();
          showNotice({ key: 'devices.logged_out_all' }, 'success');
        } catch {
          // Reported by the HTTP client.
        }
        setPage(1);
        await refresh();
      },
    });
  }

  const columns: TableColumnsType<Device> = [
    {
      key: 'device',
      title: t('devices.device'),
      render: (_, device) => (
        <div className="device-list__name">
          <DesktopOutlined aria-hidden="true" className="device-list__icon" />
          <div className="device-list__label">
            <span>{device.device_name || t('devices.unknown_device')}</span>
            {device.is_current && (
              <Tag color="success" variant="filled">
                {t('devices.current')}
              </Tag>
            )}
            {/* On a phone, where the two columns after this one are left out. */}
            <span className="device-list__meta">
              <RelativeTime value={device.last_login_time} />
              {' · '}
              {device.location || t('devices.unknown_location')}
            </span>
          </div>
        </div>
      ),
    },
    {
      key: 'last_active',
      title: t('devices.last_active'),
      width: 120,
      responsive: ['sm'],
      render: (_, device) => <RelativeTime value={device.last_login_time} />,
    },
    {
      key: 'location',
      title: t('devices.location'),
      // Wide enough for ローカルネットワーク (local network) on one line.
      width: 164,
      responsive: ['sm'],
      render: (_, device) => (
        <span className="device-list__place">
          <span>{device.location || t('devices.unknown_location')}</span>
          {device.ip_address && <span className="device-list__ip">{device.ip_address}</span>}
        </span>
      ),
    },
    {
      key: 'action',
      title: <span className="visually-hidden">{t('devices.actions')}</span>,
      width: 96,
      align: 'end',
      render: (_, device) =>
        device.is_current ? null : (
          <Button
            type="link"
            danger
            size="small"
            onClick={() => confirmLogout(device)}
            aria-label={t('devices.logout_named', {
              name: device.device_name || t('devices.unknown_device'),
            })}
          >
            {t('devices.logout')}
          </Button>
        ),
    },
  ];

  return (
    <section className="account-settings__group" aria-labelledby="account-devices-title">
      <div className="account-settings__group-head">
        <h3 id="account-devices-title">{t('devices.title')}</h3>
        <Button size="small" icon={<LogoutOutlined />} disabled={!hasOthers} onClick={confirmLogoutAll}>
          {t('devices.logout_all')}
        </Button>
      </div>
      <Table<Device>
        className="device-list"
        size="small"
        rowKey="device_id"
        columns={columns}
        dataSource={data?.data ?? []}
        loading={isPending || (isFetching && !data)}
        scroll={{ y: DEVICE_TABLE_MAX_HEIGHT_PX }}
        pagination={
          total > DEVICE_PAGE_SIZE
            ? { current: page, pageSize: DEVICE_PAGE_SIZE, total, onChange: setPage, size: 'small' }
            : false
        }
        locale={{
          emptyText: (
            <TableEmpty
              isError={isError}
              emptyText={t('devices.empty')}
              failedText={t('devices.load_failed')}
              onRetry={() => void refetch()}
            />
          ),
        }}
      />
    </section>
  );
}
