import { CreditCardOutlined, FileTextOutlined, SkinOutlined, UserOutlined } from '@ant-design/icons';
import { Menu, Skeleton } from 'antd';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountSettings } from './account-settings.tsx';
import { PreferencesSection } from './preferences-section.tsx';
import '../../../shared/ui/coming-soon.css';
import './account-centre.css';

/** The sections other features fill in (billing), given by the app that composes them. */
export type AccountCentreSlots = Partial<Record<'subscription' | 'bill', ReactNode>>;

type Section = 'account' | 'preferences' | 'subscription' | 'bill';

const SECTIONS: { key: Section; icon: ReactNode }[] = [
  { key: 'account', icon: <UserOutlined /> },
  { key: 'preferences', icon: <SkinOutlined /> },
  { key: 'subscription', icon: <CreditCardOutlined /> },
  { key: 'bill', icon: <FileTextOutlined /> },
];

const isSection = (value: string | null): value is Section => SECTIONS.some((item) => item.key === value);

/**
 * The account centre's sections (spec part A section 2), shown in the shell's dialog and on
 * /user-center/user-set (`?section=subscription` opens one, as the hosted checkout's return does).
 */
export function AccountCentre({
  className = '',
  slots = {},
}: {
  className?: string;
  slots?: AccountCentreSlots;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = params.get('section');
  const [section, setSection] = useState<Section>(isSection(asked) ? asked : 'account');
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
        {(section === 'subscription' || section === 'bill') &&
          (slots[section] ? (
            <Suspense fallback={<Skeleton active />}>{slots[section]}</Suspense>
          ) : (
            <div className="dialog-coming-soon dialog-coming-soon--left">
              <span className="coming-soon__badge">{t('coming_soon.badge')}</span>
              <p>{t(`coming_soon.account_${section}`)}</p>
            </div>
          ))}
      </section>
    </div>
  );
}
