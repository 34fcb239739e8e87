import {
  CompassOutlined,
  FolderOpenOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import { App, Button, Drawer, Layout, Menu, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { CurrentTeamSwitcher } from '../../features/teams/components/current-team-switcher.tsx';
import {
  MENU_COLLAPSED_STORAGE_KEY,
  readStoredFlag,
  writeStoredFlag,
} from '../../shared/session/browser-storage.ts';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
import { useIsPhone } from '../../shared/ui/use-is-phone.ts';
import { type ShellDialog, ShellDialogs } from './shell-dialogs.tsx';
import { UserMenu } from './user-menu.tsx';
import './shell.css';

const NAV_ITEMS = [
  { key: '/dashboard', icon: <CompassOutlined />, labelKey: 'nav.discover' },
  { key: '/chat', icon: <MessageOutlined />, labelKey: 'nav.chat' },
  { key: '/projects', icon: <FolderOpenOutlined />, labelKey: 'nav.projects' },
];

const activeNavKey = (pathname: string) =>
  NAV_ITEMS.find((item) => pathname === item.key || pathname.startsWith(`${item.key}/`))?.key;

/**
 * The application shell: collapsible left menu with the user menu at its foot. On a phone (below
 * antd's `md`) even the collapsed menu would take a fifth of the width, so it moves into a drawer opened
 * from a slim top bar.
 */
export function MainLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isPhone = useIsPhone();
  const [preferCollapsed, setPreferCollapsed] = useState(() => readStoredFlag(MENU_COLLAPSED_STORAGE_KEY));
  const [isNarrow, setIsNarrow] = useState(false);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [dialog, setDialog] = useState<ShellDialog | null>(null);
  const collapsed = preferCollapsed || isNarrow;
  // A page chosen in the drawer closes it.
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setDrawerOpen(false);
  }

  function toggle() {
    const next = !collapsed;
    setIsNarrow(false);
    setPreferCollapsed(next);
    writeStoredFlag(MENU_COLLAPSED_STORAGE_KEY, next);
  }

  const openDialog = (next: ShellDialog) => {
    setDrawerOpen(false);
    setDialog(next);
  };

  return (
    // antd App gives the signed-in pages context-aware modal and message hooks (App.useApp()).
    <App component={false}>
      <Layout className={isPhone ? 'shell shell--phone' : 'shell'} hasSider={!isPhone}>
        <a className="skip-link" href="#main-content">
          {t('nav.skip_to_content')}
        </a>
        {isPhone ? (
          <>
            <header className="shell__topbar">
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={t('nav.open_menu')}
                aria-expanded={isDrawerOpen}
                onClick={() => setDrawerOpen(true)}
              />
              <Link to="/dashboard" className="brand-link" aria-label={t('nav.discover')}>
                <BrandMark size={26} />
                <span className="brand-link__name">{t('app.name')}</span>
              </Link>
            </header>
            <Drawer
              placement="left"
              size={264}
              open={isDrawerOpen}
              onClose={() => setDrawerOpen(false)}
              closable={false}
              title={null}
              classNames={{ body: 'shell__drawer' }}
            >
              <ShellNav collapsed={false} onOpenDialog={openDialog} />
            </Drawer>
          </>
        ) : (
          <Layout.Sider
            className="shell__sider"
            width={240}
            collapsedWidth={72}
            collapsed={collapsed}
            trigger={null}
            breakpoint="lg"
            onBreakpoint={setIsNarrow}
          >
            <ShellNav
              collapsed={collapsed}
              onOpenDialog={openDialog}
              toggle={
                <Tooltip title={collapsed ? t('nav.expand') : t('nav.collapse')} placement="right">
                  <Button
                    type="text"
                    className="shell__toggle"
                    icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                    aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
                    aria-expanded={!collapsed}
                    onClick={toggle}
                  />
                </Tooltip>
              }
            />
          </Layout.Sider>
        )}
        <Layout.Content id="main-content" className="shell__content" tabIndex={-1}>
          <Outlet />
        </Layout.Content>
        <ShellDialogs open={dialog} onOpen={setDialog} onClose={() => setDialog(null)} />
      </Layout>
    </App>
  );
}

/** The menu's content: brand, current team, pages and the user menu, in the sider or the phone's drawer. */
function ShellNav({
  collapsed,
  onOpenDialog,
  toggle,
}: {
  collapsed: boolean;
  onOpenDialog: (dialog: ShellDialog) => void;
  toggle?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = activeNavKey(pathname);
  return (
    <>
      <div className="shell__brand">
        <Link to="/dashboard" className="brand-link" aria-label={t('nav.discover')}>
          <BrandMark size={30} />
          {!collapsed && <span className="brand-link__name">{t('app.name')}</span>}
        </Link>
        {toggle}
      </div>
      <div className={collapsed ? 'shell__team shell__team--collapsed' : 'shell__team'}>
        <CurrentTeamSwitcher collapsed={collapsed} />
      </div>
      <nav className="shell__nav" aria-label={t('nav.main')}>
        <Menu
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={NAV_ITEMS.map((item) => ({ key: item.key, icon: item.icon, label: t(item.labelKey) }))}
          onClick={({ key }) => navigate(key)}
        />
      </nav>
      <div className="shell__footer">
        <UserMenu collapsed={collapsed} onOpenDialog={onOpenDialog} />
      </div>
    </>
  );
}
