import { LockOutlined, MailOutlined, MobileOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { addressText, ContactChangeDialog, currentAddressOf } from './contact-change-dialog.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { DeviceList } from './device-list.tsx';
import { PasswordResetDialog } from './password-reset-dialog.tsx';
import { ProfileHeader } from './profile-header.tsx';
import { SignInFailures } from './sign-in-failures.tsx';
import './account-settings.css';

type SettingsDialog = 'email' | 'phone' | 'password' | 'delete';

/** Nickname, avatar, email, phone, password, devices and deletion. */
export function AccountSettings() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const [dialog, setDialog] = useState<SettingsDialog | null>(null);
  if (!user) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  const email = currentAddressOf('email', user);
  const phone = currentAddressOf('phone', user);
  const close = () => setDialog(null);

  return (
    <div className="account-settings">
      <ProfileHeader user={user} />
      <section className="account-settings__group" aria-labelledby="account-security-title">
        <h3 id="account-security-title">{t('account_settings.security')}</h3>
        <SettingRow
          icon={<MailOutlined />}
          label={t('account_settings.email')}
          value={email ? addressText(email) : null}
          action={
            <Button onClick={() => setDialog('email')}>
              {t(email ? 'account_settings.change' : 'account_settings.bind')}
            </Button>
          }
        />
        <SettingRow
          icon={<MobileOutlined />}
          label={t('account_settings.phone')}
          value={phone ? addressText(phone) : null}
          action={
            <Button onClick={() => setDialog('phone')}>
              {t(phone ? 'account_settings.change' : 'account_settings.bind')}
            </Button>
          }
        />
        <SettingRow
          icon={<LockOutlined />}
          label={t('account_settings.password')}
          value={t('account_settings.password_hint')}
          action={<Button onClick={() => setDialog('password')}>{t('account_settings.reset')}</Button>}
        />
      </section>
      <DeviceList />
      <SignInFailures />
      <section className="account-settings__group" aria-labelledby="account-danger-title">
        <h3 id="account-danger-title">{t('account_settings.danger_zone')}</h3>
        <SettingRow
          icon={<UserDeleteOutlined />}
          label={t('account_settings.delete_account')}
          value={t('account_settings.delete_hint')}
          action={
            <Button danger onClick={() => setDialog('delete')}>
              {t('account_settings.delete_account')}
            </Button>
          }
        />
      </section>
      <ContactChangeDialog kind="email" user={user} open={dialog === 'email'} onClose={close} />
      <ContactChangeDialog kind="phone" user={user} open={dialog === 'phone'} onClose={close} />
      <PasswordResetDialog user={user} open={dialog === 'password'} onClose={close} />
      <DeleteAccountDialog user={user} open={dialog === 'delete'} onClose={close} />
    </div>
  );
}

function SettingRow({
  icon,
  label,
  value,
  action,
}: {
  icon: ReactNode;
  label: string;
  value: string | null;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="setting-row">
      <span className="setting-row__icon" aria-hidden="true">
        {icon}
      </span>
      <div className="setting-row__text">
        <span className="setting-row__label">{label}</span>
        <span className={value ? 'setting-row__value' : 'setting-row__value setting-row__value--empty'}>
          {value ?? t('account_settings.not_bound')}
        </span>
      </div>
      {action}
    </div>
  );
}
