import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { ThemeSwitcher } from './theme-switcher.tsx';
import './standalone-frame.css';

/** A page outside the application shell: brand at the top left, language and theme at the top right. */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="standalone">
      <header className="standalone__header">
        <Link to="/" className="brand-link" aria-label={t('common.back_home')}>
          <BrandMark size={28} />
          <span className="brand-link__name">{t('app.name')}</span>
        </Link>
        <div className="corner-tools">
          <LanguageSwitcher />
          <ThemeSwitcher />
        </div>
      </header>
      <main className="standalone__main">{children}</main>
    </div>
  );
}
