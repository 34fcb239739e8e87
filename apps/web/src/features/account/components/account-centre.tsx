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

/** The sections in menu order; each one's label is `account_centre.<key>`. */
export const ACCOUNT_SECTIONS: { key: Section; icon: ReactNode }[] = [
  { key: 'account', icon: <UserOutlined /> },
  { key: 'preferences', icon: <SkinOutlined /> },
  { key: 'subscription', icon: <CreditCardOutlined /> },
  { key: 'bill', icon: <FileTextOutlined /> },
];

const isSection = (value: string | null): value is Section =>
  ACCOUNT_SECTIONS.some((item) => item.key === value);

/** The section an address asks for (`?section=subscription`, as the hosted checkout's return does). */
const accountSectionOf = (params: URLSearchParams): Section => {
  const asked = params.get('section');
  return isSection(asked) ? asked : 'account';
};

/**
 * The account centre's sections, in the shell's dialog with a menu of its own,
 * and on /user-center/user-set (`isPage`), where the page's section menu lists them and the address
 * says which one is open.
 */
export function AccountCentre({
  slots = {},
  isPage = false,
}: {
  slots?: AccountCentreSlots;
  isPage?: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [chosen, setSection] = useState<Section>(() => accountSectionOf(params));
  const section = isPage ? accountSectionOf(params) : chosen;
  return (
    <div className={`account-centre${isPage ? ' account-centre--page' : ''}`}>
      {!isPage && (
        <Menu
          className="account-centre__nav"
          mode="inline"
          selectedKeys={[section]}
          items={ACCOUNT_SECTIONS.map((item) => ({
            key: item.key,
            icon: item.icon,
            label: t(`account_centre.${item.key}`),
          }))}
          onClick={({ key }) => setSection(key as Section)}
        />
      )}
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
