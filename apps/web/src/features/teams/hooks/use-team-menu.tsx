import { CheckOutlined, LogoutOutlined, SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { isPersonalTeam } from '../../../shared/session/session-user.ts';
import { showNoticeOnNextPage } from '../../../shared/ui/notices.ts';
import { userTeamsQuery } from '../api/get-user-teams.ts';
import { reloadAtRoot } from '../api/session.ts';
import { switchTeam } from '../api/switch-team.ts';
import { leaveTeam } from '../api/team-settings.ts';
import { TeamAvatar } from '../components/team-avatar.tsx';
import { isTeamOwner } from '../components/team-roles.ts';

const TEAM_PREFIX = 'team:';
const LEAVE_KEY = 'leave_team';

type MenuItem = NonNullable<MenuProps['items']>[number];

/**
 * The user menu's team entries: switch team (the app starts again at the root in the chosen team) and
 * leave the current organisation team. `teamItems` are the teams alone, for the sidebar's switcher;
 * `select` answers whether it handled a clicked key.
 */
export function useTeamMenu(isMenuOpen: boolean) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const current = useSessionStore((state) => state.user?.current_team);
  const teams = useQuery({ ...userTeamsQuery, enabled: isMenuOpen });

  const teamItems: MenuItem[] = teams.data
    ? teams.data.map((team) => {
        const isCurrent = team.team_id === current?.team_id;
        return {
          key: `${TEAM_PREFIX}${team.team_id}`,
          icon: <TeamAvatar team={team} size={20} />,
          label: (
            <span className="user-menu__option">
              <span className="user-menu__team-name">
                {isPersonalTeam(team) ? t('team.personal_team') : team.name}
              </span>
              {isCurrent && <CheckOutlined className="user-menu__check" aria-label={t('team.current')} />}
            </span>
          ),
        };
      })
    : [
        {
          key: 'teams_state',
          disabled: true,
          label: teams.isError ? t('team.teams_failed') : t('common.loading'),
        },
      ];

  const items: MenuItem[] = [
    { key: 'switch_team', icon: <SwapOutlined />, label: t('team.switch'), children: teamItems },
  ];
  if (current && !isPersonalTeam(current)) {
    items.push({ key: LEAVE_KEY, icon: <LogoutOutlined />, label: t('team.leave') });
  }

  async function choose(teamId: number) {
    if (teamId === current?.team_id) return;
    try {
      await switchTeam(teamId);
      reloadAtRoot();
    } catch {
      // Reported by the HTTP client.
    }
  }

  function confirmLeave() {
    if (!current) return;
    if (isTeamOwner(current)) {
      modal.confirm({
        title: t('team.leave_owner_title'),
        content: t('error.team_transfer_first'),
        okText: t('team.open_settings'),
        cancelText: t('common.cancel'),
        onOk: () => navigate('/org-admin/index'),
      });
      return;
    }
    modal.confirm({
      title: t('team.leave_title', { name: current.name }),
      content: t('team.leave_body'),
      okText: t('team.leave_confirm'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await leaveTeam();
        showNoticeOnNextPage({ key: 'team.left', values: { name: current.name } });
        reloadAtRoot();
      },
    });
  }

  function select(key: string): boolean {
    if (key.startsWith(TEAM_PREFIX)) {
      void choose(Number(key.slice(TEAM_PREFIX.length)));
      return true;
    }
    if (key === LEAVE_KEY) {
      confirmLeave();
      return true;
    }
    return false;
  }

  return { items, teamItems, select };
}
