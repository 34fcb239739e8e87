import { RobotOutlined } from '@ant-design/icons';
import { Avatar } from 'antd';
import { initialsOf, paletteOf } from './generated-avatar.ts';
import './agent-avatar.css';

/** An agent's picture, or its initials on its own colours while it has none. */
export function AgentAvatar({ name, avatar, size = 48 }: { name: string; avatar: string; size?: number }) {
  if (avatar) return <Avatar size={size} shape="square" src={avatar} alt="" className="agent-avatar" />;
  if (!name.trim())
    return <Avatar size={size} shape="square" icon={<RobotOutlined />} className="agent-avatar" />;
  const [from, to] = paletteOf(name);
  return (
    <Avatar
      size={size}
      shape="square"
      className="agent-avatar"
      style={{ background: `linear-gradient(135deg, ${from}, ${to})`, color: '#fff' }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
