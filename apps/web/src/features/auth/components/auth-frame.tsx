import { MessageOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { themeModesOf, useClientConfig } from '../../../shared/system/client-config.ts';
import { BrandMark } from '../../../shared/ui/brand-mark.tsx';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher.tsx';
import { ThemeSwitcher } from '../../../shared/ui/theme-switcher.tsx';
import './auth-frame.css';

const BRAND_POINTS = [
  { key: 'auth.brand_point_chat', icon: <MessageOutlined /> },
  { key: 'auth.brand_point_build', icon: <RobotOutlined /> },
  { key: 'auth.brand_point_team', icon: <TeamOutlined /> },
];

/** The sign-in family of pages: brand panel on the left, the form card on the right. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const config = useClientConfig();
  return (
    <div className="auth">
      <aside className="auth__brand" aria-label={t('app.name')}>
        <div className="auth__brand-top">
          <BrandMark size={40} />
          <span className="auth__brand-name">{t('app.name')}</span>
        </div>
        <div className="auth__brand-body">
          <h2 className="auth__brand-title">{t('auth.brand_title')}</h2>
          <p className="auth__brand-tagline">{t('app.tagline')}</p>
          <ul className="auth__brand-points">
            {BRAND_POINTS.map((point) => (
              <li key={point.key}>
                <span className="auth__brand-point-icon" aria-hidden="true">
                  {point.icon}
                </span>
                {t(point.key)}
              </li>
            ))}
          </ul>
        </div>
        <p className="auth__brand-foot">© {new Date().getFullYear()} Tandem</p>
      </aside>
      <main className="auth__main">
        <div className="auth__tools corner-tools">
          <LanguageSwitcher />
          <ThemeSwitcher serverThemes={themeModesOf(config)} />
        </div>
        <div className="auth__mobile-brand">
          <BrandMark size={36} />
          <span className="auth__brand-name">{t('app.name')}</span>
        </div>
        <div className="auth__card">{children}</div>
      </main>
    </div>
  );
}
