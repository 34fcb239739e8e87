import { SwapOutlined } from '@ant-design/icons';
import { Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { isPersonalTeam } from '../../../shared/session/session-user.ts';
import { useTeamMenu } from '../hooks/use-team-menu.tsx';
import { TeamAvatar } from './team-avatar.tsx';
import './current-team-switcher.css';

/**
 * The team the user is working in, at the top of the sidebar (and the phone's menu drawer), opening the
 * list of their teams to switch. Collapsed, it is the team's picture alone, named by a tooltip.
 */
export function CurrentTeamSwitcher({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const current = useSessionStore((state) => state.user?.current_team);
  const [isOpen, setIsOpen] = useState(false);
  const teamMenu = useTeamMenu(isOpen);
  if (!current) return null;
  const name = isPersonalTeam(current) ? t('team.personal_team') : current.name;

  const button = (
    <button
      type="button"
      className={`current-team${collapsed ? ' current-team--collapsed' : ''}`}
      aria-label={t('team.current_switch', { name })}
    >
      <TeamAvatar team={current} size={collapsed ? 32 : 28} />
      {!collapsed && (
        <>
          <span className="current-team__text">
            <span className="current-team__caption">{t('team.current')}</span>
            <span className="current-team__name" title={name}>
              {name}
            </span>
          </span>
          <SwapOutlined className="current-team__icon" aria-hidden="true" />
        </>
      )}
    </button>
  );

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomLeft"
      open={isOpen}
      onOpenChange={setIsOpen}
      menu={{
        items: teamMenu.teamItems,
        onClick: ({ key }) => {
          setIsOpen(false);
          teamMenu.select(key);
        },
      }}
    >
      {collapsed ? (
        <Tooltip title={name} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </Dropdown>
  );
}
