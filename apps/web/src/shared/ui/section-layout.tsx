import { ArrowLeftOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import './section-layout.css';
import { useIsPhone } from './use-is-phone.ts';

/** `search` travels along when the item is opened (the agent a workspace page is about). */
export type SectionItem = { path: string; icon: ReactNode; label: string; search?: string };

/**
 * A titled area with its own side menu (account centre, agent workspace, team back office). `back` turns
 * it into a page of its own, outside the shell, with a way home.
 */
export function SectionLayout({
  title,
  items,
  navLabel,
  back,
  extra,
}: {
  title: string;
  items: SectionItem[];
  navLabel: string;
  back?: { to: string; label: string };
  extra?: ReactNode;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // On a phone the menu is one row above the page, scrolling sideways inside itself when its items are
  // wider than the window (none hidden behind "…"), not a column of five items pushing the page down.
  const isPhone = useIsPhone();
  const selected = items.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))?.path;
  return (
    <div className={`section-layout${back ? ' section-layout--standalone' : ''}`}>
      <header className="section-layout__header">
        {back && (
          <Link to={back.to} className="section-layout__back">
            <ArrowLeftOutlined aria-hidden="true" />
            <span>{back.label}</span>
          </Link>
        )}
        <h1 className="section-layout__title">{title}</h1>
        {extra && <div className="section-layout__extra">{extra}</div>}
      </header>
      <div className="section-layout__body">
        <nav className="section-layout__nav" aria-label={navLabel}>
          <Menu
            mode={isPhone ? 'horizontal' : 'inline'}
            disabledOverflow={isPhone}
            selectedKeys={selected ? [selected] : []}
            items={items.map((item) => ({ key: item.path, icon: item.icon, label: item.label }))}
            onClick={({ key }) => navigate(`${key}${items.find((item) => item.path === key)?.search ?? ''}`)}
          />
        </nav>
        <main className="section-layout__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
