import {
  CompassOutlined,
  FolderOpenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import { App, Button, Layout, Menu, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import {
  MENU_COLLAPSED_STORAGE_KEY,
  readStoredFlag,
  writeStoredFlag,
} from '../../shared/session/browser-storage.ts';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';
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

/** The application shell: collapsible left menu with the user menu at its foot. */
export function MainLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [preferCollapsed, setPreferCollapsed] = useState(() => readStoredFlag(MENU_COLLAPSED_STORAGE_KEY));
  const [isNarrow, setIsNarrow] = useState(false);
  const [dialog, setDialog] = useState<ShellDialog | null>(null);
  const collapsed = preferCollapsed || isNarrow;
  const selected = activeNavKey(pathname);

  function toggle() {
    const next = !collapsed;
    setIsNarrow(false);
    setPreferCollapsed(next);
    writeStoredFlag(MENU_COLLAPSED_STORAGE_KEY, next);
  }

  return (
    // antd App gives the signed-in pages context-aware modal and message hooks (App.useApp()).
    <App component={false}>
      <Layout className="shell" hasSider>
        <a className="skip-link" href="#main-content">
          {t('nav.skip_to_content')}
        </a>
        <Layout.Sider
          className="shell__sider"
          width={240}
          collapsedWidth={72}
          collapsed={collapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={setIsNarrow}
        >
          <div className="shell__brand">
            <Link to="/dashboard" className="brand-link" aria-label={t('nav.discover')}>
              <BrandMark size={30} />
              {!collapsed && <span className="brand-link__name">{t('app.name')}</span>}
            </Link>
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
            <UserMenu collapsed={collapsed} onOpenDialog={setDialog} />
          </div>
        </Layout.Sider>
        <Layout.Content id="main-content" className="shell__content" tabIndex={-1}>
          <Outlet />
        </Layout.Content>
        <ShellDialogs open={dialog} onOpen={setDialog} onClose={() => setDialog(null)} />
      </Layout>
    </App>
  );
}
