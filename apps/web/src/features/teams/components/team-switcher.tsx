import { SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { manageableTeams, userTeamsQuery } from '../api/get-user-teams.ts';
import { switchTeam } from '../api/switch-team.ts';
import './team-switcher.css';

/** Switching team reloads the back office for the new team. */
export function TeamSwitcher() {
  const { t } = useTranslation();
  const current = useSessionStore((state) => state.user?.current_team);
  const { data, isPending } = useQuery(userTeamsQuery);
  const [switching, setSwitching] = useState(false);
  const teams = manageableTeams(data ?? []);
  if (current && !teams.some((team) => String(team.team_id) === String(current.team_id))) {
    teams.unshift(current);
  }

  async function onChange(teamId: string) {
    if (teamId === String(current?.team_id)) return;
    setSwitching(true);
    try {
      await switchTeam(teamId);
      location.assign('/org-admin/index');
    } catch {
      setSwitching(false);
    }
  }

  return (
    <Select
      className="team-switcher"
      aria-label={t('org_admin.switch_team')}
      value={current ? String(current.team_id) : undefined}
      loading={isPending || switching}
      disabled={switching}
      suffixIcon={<SwapOutlined />}
      onChange={onChange}
      popupMatchSelectWidth={false}
      options={teams.map((team) => ({
        value: String(team.team_id),
        label: (
          <span className="team-switcher__option">
            <Avatar size={20} shape="square" src={team.avatar || undefined}>
              {team.name.slice(0, 1).toUpperCase()}
            </Avatar>
            {team.name}
          </span>
        ),
      }))}
    />
  );
}
