import { CreditCardOutlined, FileTextOutlined, SkinOutlined, UserOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSettings } from './account-settings.tsx';
import { PreferencesSection } from './preferences-section.tsx';
import '../../../shared/ui/coming-soon.css';
import './account-centre.css';

type Section = 'account' | 'preferences' | 'subscription' | 'bill';

const SECTIONS: { key: Section; icon: ReactNode }[] = [
  { key: 'account', icon: <UserOutlined /> },
  { key: 'preferences', icon: <SkinOutlined /> },
  { key: 'subscription', icon: <CreditCardOutlined /> },
  { key: 'bill', icon: <FileTextOutlined /> },
];

/**
 * The account centre's sections (spec part A section 2), shown in the shell's dialog and on
 * /user-center/user-set; subscription and bills are placeholders until billing exists.
 */
export function AccountCentre({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('account');
  return (
    <div className={`account-centre ${className}`.trim()}>
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
      <section className="account-centre__body" aria-labelledby="account-centre-section">
        <h2 id="account-centre-section">{t(`account_centre.${section}`)}</h2>
        {section === 'account' && <AccountSettings />}
        {section === 'preferences' && <PreferencesSection />}
        {(section === 'subscription' || section === 'bill') && (
          <div className="dialog-coming-soon dialog-coming-soon--left">
            <span className="coming-soon__badge">{t('coming_soon.badge')}</span>
            <p>{t(`coming_soon.account_${section}`)}</p>
          </div>
        )}
      </section>
    </div>
  );
}
