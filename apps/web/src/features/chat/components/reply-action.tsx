import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import './reply-actions.css';

type Props = {
  label: string;
  icon: ReactNode;
  onClick(): void;
  /** A toggle (like, dislike): whether it is on. */
  isPressed?: boolean;
  isDisabled?: boolean;
};

/** One of a reply's actions: an icon with a hit area of 32 px, named by its tooltip and for screen readers. */
export function ReplyAction({ label, icon, onClick, isPressed, isDisabled = false }: Props) {
  return (
    // Shown on focus too, so keyboard users read what the icon does.
    <Tooltip title={label} trigger={['hover', 'focus']}>
      <Button
        className="chat-reply-action"
        variant="text"
        color={isPressed ? 'primary' : 'default'}
        icon={icon}
        aria-label={label}
        aria-pressed={isPressed}
        disabled={isDisabled}
        onClick={onClick}
      />
    </Tooltip>
  );
}
