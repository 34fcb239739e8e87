import { TeamOutlined, UsergroupAddOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountCentreDialog } from '../../features/account/components/account-centre-dialog.tsx';
import '../../shared/ui/coming-soon.css';

export type ShellDialog = 'account' | 'team_invitation' | 'create_team' | 'join_team';

const UPCOMING: Record<
  Exclude<ShellDialog, 'account'>,
  { icon: ReactNode; titleKey: string; bodyKey: string }
> = {
  team_invitation: {
    icon: <UsergroupAddOutlined />,
    titleKey: 'user_menu.team_invitation',
    bodyKey: 'coming_soon.team_invitation',
  },
  create_team: {
    icon: <TeamOutlined />,
    titleKey: 'user_menu.create_team',
    bodyKey: 'coming_soon.create_team',
  },
  join_team: {
    icon: <UserSwitchOutlined />,
    titleKey: 'user_menu.join_team',
    bodyKey: 'coming_soon.join_team_dialog',
  },
};

/** The shell's dialogs; those whose feature comes later say so plainly. */
export function ShellDialogs({ open, onClose }: { open: ShellDialog | null; onClose: () => void }) {
  const { t } = useTranslation();
  if (open === 'account') return <AccountCentreDialog open onClose={onClose} />;
  const upcoming = open ? UPCOMING[open] : null;
  return (
    <Modal
      open={!!upcoming}
      title={upcoming ? t(upcoming.titleKey) : null}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
    >
      {upcoming && (
        <div className="dialog-coming-soon">
          <div className="coming-soon__icon" aria-hidden="true">
            {upcoming.icon}
          </div>
          <span className="coming-soon__badge">{t('coming_soon.badge')}</span>
          <p>{t(upcoming.bodyKey)}</p>
        </div>
      )}
    </Modal>
  );
}
