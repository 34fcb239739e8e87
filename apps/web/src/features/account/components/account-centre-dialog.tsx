import { CreditCardOutlined, FileTextOutlined, SkinOutlined, UserOutlined } from '@ant-design/icons';
import { LOCALE_NAMES, LOCALES, type Locale, type ThemeMode } from '@tandem/contract/i18n';
import { Menu, Modal, Radio, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { themeModesOf, useClientConfig } from '../../../shared/system/client-config.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';
import { THEME_ICONS, themeOptions } from '../../../shared/ui/theme-switcher.tsx';
import '../../../shared/ui/coming-soon.css';
import './account-centre.css';

type Section = 'account' | 'preferences' | 'subscription' | 'bill';

const SECTIONS: { key: Section; icon: ReactNode }[] = [
  { key: 'account', icon: <UserOutlined /> },
  { key: 'preferences', icon: <SkinOutlined /> },
  { key: 'subscription', icon: <CreditCardOutlined /> },
  { key: 'bill', icon: <FileTextOutlined /> },
];

/** The account centre (spec part A section 2); preferences work now, the other sections come later. */
export function AccountCentreDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('account');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={820}
      title={t('account_centre.title')}
      destroyOnHidden
      classNames={{ body: 'account-centre' }}
    >
      <Menu
        className="account-centre__nav"
        mode="inline"
        selectedKeys={[section]}
        items={SECTIONS.map((item) => ({
          key: item.key,
          icon: item.icon,
          label: t(`account_centre.${item.key}`),
        }))}
        onClick={({ key }) => setSection(key as Section)}
      />
      <section className="account-centre__body" aria-live="polite">
        <h2>{t(`account_centre.${section}`)}</h2>
        {section === 'preferences' ? (
          <Preferences />
        ) : (
          <div className="dialog-coming-soon dialog-coming-soon--left">
            <span className="coming-soon__badge">{t('coming_soon.badge')}</span>
            <p>{t(`coming_soon.account_${section}`)}</p>
          </div>
        )}
      </section>
    </Modal>
  );
}

/** Appearance and language; stored in this browser until the preference calls arrive. */
function Preferences() {
  const { t } = useTranslation();
  const config = useClientConfig();
  const mode = useThemeStore((state) => state.mode);
  const setMode = useThemeStore((state) => state.setMode);
  const locale = useLocaleStore((state) => state.locale);
  return (
    <div className="preferences">
      <div className="preferences__row">
        <span id="pref-appearance" className="preferences__label">
          {t('account_centre.appearance')}
        </span>
        <Radio.Group
          aria-labelledby="pref-appearance"
          optionType="button"
          value={mode}
          onChange={(event) => setMode(event.target.value as ThemeMode)}
          options={themeOptions(themeModesOf(config)).map((key) => ({
            value: key,
            label: (
              <span className="preferences__option">
                {THEME_ICONS[key]} {t(`theme.${key}`)}
              </span>
            ),
          }))}
        />
      </div>
      <div className="preferences__row">
        <span id="pref-language" className="preferences__label">
          {t('account_centre.language')}
        </span>
        <Select<Locale>
          aria-labelledby="pref-language"
          value={locale}
          style={{ minWidth: 200 }}
          onChange={(value) => void changeLocale(value)}
          options={LOCALES.map((key) => ({ value: key, label: LOCALE_NAMES[key] }))}
        />
      </div>
    </div>
  );
}
