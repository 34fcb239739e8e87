import { UserOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { isPersonalTeam } from '../../../shared/session/session-user.ts';

/** A team's square picture: its avatar or initial, a person for the personal team. */
export function TeamAvatar({
  team,
  size,
}: {
  team: { name: string; avatar?: string | null; team_type: number };
  size: number;
}) {
  if (isPersonalTeam(team)) return <Avatar size={size} shape="square" icon={<UserOutlined />} alt="" />;
  return (
    <Avatar size={size} shape="square" src={team.avatar || undefined} alt="">
      {team.name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
