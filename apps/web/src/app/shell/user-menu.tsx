import {
  ApartmentOutlined,
  ApiOutlined,
  CheckOutlined,
  DownOutlined,
  GlobalOutlined,
  LogoutOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { LOCALE_NAMES, LOCALES, type Locale, type ThemeMode } from '@tandem/contract/i18n';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreferenceChoice } from '../../features/account/hooks/use-preference-choice.ts';
import { signOut } from '../../features/auth/api/logout.ts';
import { useTeamMenu } from '../../features/teams/hooks/use-team-menu.tsx';
import { useLocaleStore } from '../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { canManageTeam, displayNameOf, isPersonalTeam } from '../../shared/session/session-user.ts';
import { themeModesOf, useClientConfig } from '../../shared/system/client-config.ts';
import { useThemeStore } from '../../shared/theme/theme-store.ts';
import { THEME_ICONS, themeOptions } from '../../shared/ui/theme-switcher.tsx';
import type { ShellDialog } from './shell-dialogs.tsx';

const LOCALE_PREFIX = 'locale:';
const THEME_PREFIX = 'theme:';
const ROUTE_PREFIX = 'route:';
const DIALOG_PREFIX = 'dialog:';
const MENU_CLASS = 'user-menu__menu';

const selectedMark = (isSelected: boolean) =>
  isSelected ? <CheckOutlined className="user-menu__check" aria-hidden="true" /> : null;

/** The bottom user menu of the shell, with every entry the spec lists for it. */
export function UserMenu({
  collapsed,
  onOpenDialog,
}: {
  collapsed: boolean;
  onOpenDialog: (dialog: ShellDialog) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const points = useSessionStore((state) => state.points);
  const resetSession = useSessionStore((state) => state.reset);
  const locale = useLocaleStore((state) => state.locale);
  const themeMode = useThemeStore((state) => state.mode);
  // Saved on the account as well, so the choice follows the user to other browsers.
  const { chooseLocale, chooseTheme } = usePreferenceChoice();
  const config = useClientConfig();

  const [isOpen, setIsOpen] = useState(false);
  const teamMenu = useTeamMenu(isOpen);
  const name = displayNameOf(user) ?? t('common.guest');

  const trigger = useRef<HTMLButtonElement | null>(null);
  const hasBeenOpen = useRef(false);

  // Keyboard users land in the menu, where arrow keys move; closing it brings them back to the button
  // unless they clicked somewhere else on purpose. A page just loaded leaves focus to the page.
  useEffect(() => {
    if (isOpen) {
      hasBeenOpen.current = true;
      const frame = requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`.${MENU_CLASS}`)?.focus(),
      );
      return () => cancelAnimationFrame(frame);
    }
    if (!hasBeenOpen.current) return;
    const frame = requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (
        !focused ||
        focused === document.body ||
        focused.closest('.ant-dropdown, .ant-dropdown-menu-submenu-popup')
      ) {
        trigger.current?.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);
  const team = user?.current_team;
  // The personal team is named as the team switcher names it, not by its owner's name.
  const teamName = team && (isPersonalTeam(team) ? t('team.personal_team') : team.name);

  function confirmLogout() {
    modal.confirm({
      title: t('user_menu.logout_title'),
      content: t('user_menu.logout_body'),
      okText: t('user_menu.logout'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await signOut(resetSession);
        await navigate('/login', { replace: true });
      },
    });
  }

  const items: MenuProps['items'] = [
    { key: 'dialog:account', icon: <UserOutlined />, label: t('user_menu.account_settings') },
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: t('user_menu.language'),
      children: LOCALES.map((key) => ({
        key: `${LOCALE_PREFIX}${key}`,
        label: (
          <span className="user-menu__option" lang={key}>
            {LOCALE_NAMES[key]}
            {selectedMark(key === locale)}
          </span>
        ),
      })),
    },
    {
      key: 'theme',
      icon: THEME_ICONS[themeMode],
      label: t('user_menu.theme'),
      children: themeOptions(themeModesOf(config)).map((key) => ({
        key: `${THEME_PREFIX}${key}`,
        icon: THEME_ICONS[key],
        label: (
          <span className="user-menu__option">
            {t(`theme.${key}`)}
            {selectedMark(key === themeMode)}
          </span>
        ),
      })),
    },
    { type: 'divider' },
    { key: 'dialog:team_invitation', icon: <UsergroupAddOutlined />, label: t('user_menu.team_invitation') },
    {
      key: 'create_or_join',
      icon: <TeamOutlined />,
      label: t('user_menu.create_or_join_team'),
      children: [
        { key: 'dialog:create_team', label: t('user_menu.create_team') },
        { key: 'dialog:join_team', label: t('user_menu.join_team') },
      ],
    },
    ...teamMenu.items,
    ...(canManageTeam(user?.current_team)
      ? ([
          {
            key: 'team_management',
            icon: <ApartmentOutlined />,
            label: t('user_menu.team_management'),
            children: [
              {
                key: 'route:/org-admin/index',
                icon: <SettingOutlined />,
                label: t('user_menu.team_settings'),
              },
              {
                key: 'route:/org-admin/member-department',
                icon: <TeamOutlined />,
                label: t('user_menu.members_departments'),
              },
              {
                key: 'route:/org-admin/member-approve',
                icon: <SafetyCertificateOutlined />,
                label: t('user_menu.member_approval'),
              },
            ],
          },
        ] satisfies MenuProps['items'])
      : []),
    ...(user?.is_super
      ? [{ key: 'route:/platform/models', icon: <ApiOutlined />, label: t('user_menu.platform_models') }]
      : []),
    { key: 'route:/dashboard', icon: <ShopOutlined />, label: t('user_menu.back_to_store') },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('user_menu.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setIsOpen(false);
    if (teamMenu.select(key)) return;
    if (key.startsWith(LOCALE_PREFIX)) void chooseLocale(key.slice(LOCALE_PREFIX.length) as Locale);
    else if (key.startsWith(THEME_PREFIX)) void chooseTheme(key.slice(THEME_PREFIX.length) as ThemeMode);
    else if (key.startsWith(ROUTE_PREFIX)) void navigate(key.slice(ROUTE_PREFIX.length));
    else if (key.startsWith(DIALOG_PREFIX)) onOpenDialog(key.slice(DIALOG_PREFIX.length) as ShellDialog);
    else if (key === 'logout') confirmLogout();
  };

  const avatar = (
    <Avatar size={collapsed ? 36 : 34} src={user?.avatar || undefined} icon={<UserOutlined />} alt="" />
  );

  return (
    <Dropdown
      trigger={['click']}
      placement="topLeft"
      open={isOpen}
      onOpenChange={setIsOpen}
      // A closed dropdown stops updating its menu: a submenu opened from the keyboard stayed on screen
      // after a choice, ticking the value it was opened with. Made anew at each opening instead.
      destroyOnHidden
      menu={{ items, onClick, className: MENU_CLASS }}
      popupRender={(menu) => (
        <div className="user-menu__panel">
          <div className="user-menu__header">
            {avatar}
            <div className="user-menu__identity">
              <strong>{name}</strong>
              {user?.email && user.email !== name && <span>{user.email}</span>}
              {teamName && <span>{t('user_menu.current_team', { name: teamName })}</span>}
            </div>
          </div>
          {points !== null && (
            <div className="user-menu__points">{t('user_menu.points', { value: points })}</div>
          )}
          {menu}
        </div>
      )}
    >
      <button
        ref={trigger}
        type="button"
        className={`user-menu__trigger${collapsed ? ' user-menu__trigger--collapsed' : ''}`}
        aria-label={t('user_menu.open', { name })}
      >
        {avatar}
        {!collapsed && (
          <>
            <span className="user-menu__name">{name}</span>
            <DownOutlined className="user-menu__chevron" aria-hidden="true" />
          </>
        )}
      </button>
    </Dropdown>
  );
}
