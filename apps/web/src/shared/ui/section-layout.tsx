import { ArrowLeftOutlined } from '@ant-design/icons';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import './section-layout.css';
import { useIsPhone } from './use-is-phone.ts';

/**
 * `search` travels along when the item is opened (the agent a workspace page is about). Items of one
 * path (the account centre's sections on its page) are told apart by it: the one whose `search` the
 * address has is selected, or else the one with none.
 */
export type SectionItem = { path: string; icon: ReactNode; label: string; search?: string };

const keyOf = (item: SectionItem) => `${item.path}${item.search ?? ''}`;

function selectedItem(items: SectionItem[], pathname: string, search: string) {
  const onPath = items.filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  if (onPath.length < 2) return onPath[0];
  const address = new URLSearchParams(search);
  const hasAll = (item: SectionItem) =>
    [...new URLSearchParams(item.search ?? '')].every(([name, value]) => address.get(name) === value);
  return (
    onPath.find((item) => item.search && hasAll(item)) ?? onPath.find((item) => !item.search) ?? onPath[0]
  );
}

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
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // On a phone the menu is one row above the page, scrolling sideways inside itself when its items are
  // wider than the window (none hidden behind "…"), not a column of five items pushing the page down.
  const isPhone = useIsPhone();
  const selected = selectedItem(items, pathname, search);
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
            selectedKeys={selected ? [keyOf(selected)] : []}
            items={items.map((item) => ({ key: keyOf(item), icon: item.icon, label: item.label }))}
            onClick={({ key }) => navigate(key)}
          />
        </nav>
        <main className="section-layout__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
