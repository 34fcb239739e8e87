import { useTranslation } from 'react-i18next';
import { MENU_COLLAPSED_STORAGE_KEY, readStoredFlag } from '../session/browser-storage.ts';
import { BrandMark } from './brand-mark.tsx';

const CARDS = ['a', 'b', 'c', 'd', 'e', 'f'];

/**
 * The signed-in shell's frame as placeholders, while the session and the first page load. The same markup
 * as index.html's boot skeleton, whose inline styles it uses, so the hand-over from HTML to React does
 * not flicker.
 */
export function ShellSkeleton() {
  const { t } = useTranslation();
  const isCollapsed = readStoredFlag(MENU_COLLAPSED_STORAGE_KEY);
  return (
    <div
      className={isCollapsed ? 'boot-shell boot-shell--collapsed' : 'boot-shell'}
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
    >
      <div className="boot-shell__topbar">
        <span className="boot-bar boot-bar--topbar-button" />
        <BrandMark size={26} className="boot-shell__logo" />
        <span className="boot-bar boot-bar--name" />
      </div>
      <div className="boot-shell__sider">
        <div className="boot-shell__brand">
          <BrandMark size={30} className="boot-shell__logo" />
          <span className="boot-bar boot-bar--name" />
        </div>
        <div className="boot-shell__nav">
          <span className="boot-bar boot-bar--nav" />
          <span className="boot-bar boot-bar--nav" />
          <span className="boot-bar boot-bar--nav" />
        </div>
        <div className="boot-shell__foot">
          <span className="boot-bar boot-bar--avatar" />
          <span className="boot-bar boot-bar--name" />
        </div>
      </div>
      <div className="boot-shell__main">
        <span className="boot-bar boot-bar--title" />
        <span className="boot-bar boot-bar--lead" />
        <span className="boot-bar boot-bar--tabs" />
        <div className="boot-shell__grid">
          {CARDS.map((card) => (
            <span key={card} className="boot-shell__card">
              <span className="boot-bar boot-bar--avatar" />
              <span className="boot-bar" />
              <span className="boot-bar boot-bar--short" />
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
