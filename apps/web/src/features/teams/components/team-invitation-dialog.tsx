import {
  CopyOutlined,
  DownloadOutlined,
  LinkOutlined,
  MailOutlined,
  MobileOutlined,
  QrcodeOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { INVITE_QR_ERROR_CORRECTION, INVITE_QR_SIZE_PX } from '@tandem/contract/limits';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Popconfirm, QRCode, Result, Space, Spin, Tabs } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { canManageTeam, isPersonalTeam } from '../../../shared/session/session-user.ts';
import { copyText } from '../../../shared/ui/copy-text.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { INVITE_CODE_KEY, inviteCodeQuery, resetInviteCode } from '../api/invitations.ts';
import { inviteLinkOf } from './invitation-model.ts';
import { InviteRecipients } from './invite-recipients.tsx';
import './team-dialogs.css';
import { formatDateTime } from '@tandem/contract/date-format';

/** Team invitation: QR code, link, and invitations by phone or email. */
export function TeamInvitationDialog({
  open,
  onClose,
  onOpenTeamDialog,
}: {
  open: boolean;
  onClose: () => void;
  /** A personal team cannot invite: the dialog offers to create or join a team instead. */
  onOpenTeamDialog: (dialog: 'create_team' | 'join_team') => void;
}) {
  const { t } = useTranslation();
  const team = useSessionStore((state) => state.user?.current_team);
  const isPersonal = !team || isPersonalTeam(team);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      footer={null}
      title={team && !isPersonal ? t('team.invite_title_named', { name: team.name }) : t('team.invite_title')}
    >
      {isPersonal ? (
        <Result
          className="team-dialog__result"
          icon={<QrcodeOutlined />}
          title={t('team.invite_personal_title')}
          subTitle={t('team.invite_personal_body')}
          extra={[
            <Button key="create" type="primary" onClick={() => onOpenTeamDialog('create_team')}>
              {t('user_menu.create_team')}
            </Button>,
            <Button key="join" onClick={() => onOpenTeamDialog('join_team')}>
              {t('user_menu.join_team')}
            </Button>,
          ]}
        />
      ) : (
        <InvitationTabs canReset={canManageTeam(team)} />
      )}
    </Modal>
  );
}

function InvitationTabs({ canReset }: { canReset: boolean }) {
  const { t } = useTranslation();
  const invite = useQuery(inviteCodeQuery);
  if (invite.isPending) {
    return (
      <div className="team-dialog__loading">
        <Spin description={t('common.loading')} />
      </div>
    );
  }
  if (invite.isError) {
    return (
      <Result
        status="warning"
        className="team-dialog__result"
        title={t('team.invite_load_failed')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void invite.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const { invite_code: code, expiration_time: expiresAt } = invite.data;
  const link = inviteLinkOf(location.origin, code);
  return (
    <Tabs
      className="invite-tabs"
      items={[
        {
          key: 'qr',
          icon: <QrcodeOutlined />,
          label: t('team.invite_tab_qr'),
          children: <QrTab link={link} code={code} expiresAt={expiresAt} />,
        },
        {
          key: 'link',
          icon: <LinkOutlined />,
          label: t('team.invite_tab_link'),
          children: <LinkTab link={link} code={code} expiresAt={expiresAt} canReset={canReset} />,
        },
        {
          key: 'phone',
          icon: <MobileOutlined />,
          label: t('team.invite_tab_phone'),
          children: <InviteRecipients kind="phone" />,
        },
        {
          key: 'email',
          icon: <MailOutlined />,
          label: t('team.invite_tab_email'),
          children: <InviteRecipients kind="email" />,
        },
      ]}
    />
  );
}

function Expiry({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const date = new Date(expiresAt);
  return (
    <p className="invite-expiry">
      {t('team.invite_expires', {
        date: formatDateTime(date, locale),
      })}
    </p>
  );
}

function QrTab({ link, code, expiresAt }: { link: string; code: string; expiresAt: string }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);

  function download() {
    const canvas = holder.current?.querySelector('canvas');
    if (!canvas) return;
    const anchor = document.createElement('a');
    anchor.href = canvas.toDataURL('image/png');
    anchor.download = `team-invitation-${code}.png`;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  }

  return (
    <div className="invite-qr">
      <div ref={holder} className="invite-qr__code">
        {/* Dark modules on white in every theme: scanners expect it. */}
        <QRCode
          value={link}
          size={INVITE_QR_SIZE_PX}
          errorLevel={INVITE_QR_ERROR_CORRECTION}
          type="canvas"
          color="#000000"
          bgColor="#ffffff"
          aria-label={t('team.invite_qr_label')}
        />
      </div>
      <p className="invite-qr__hint">{t('team.invite_qr_hint')}</p>
      <Expiry expiresAt={expiresAt} />
      <Button icon={<DownloadOutlined />} onClick={download}>
        {t('team.invite_download_png')}
      </Button>
    </div>
  );
}

function LinkTab({
  link,
  code,
  expiresAt,
  canReset,
}: {
  link: string;
  code: string;
  expiresAt: string;
  canReset: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [isResetting, setIsResetting] = useState(false);

  async function copy() {
    try {
      await copyText(link);
      showNotice({ key: 'team.invite_link_copied' }, 'success');
    } catch {
      showNotice({ key: 'team.invite_copy_failed' }, 'warning');
    }
  }

  async function reset() {
    setIsResetting(true);
    try {
      queryClient.setQueryData(INVITE_CODE_KEY, await resetInviteCode());
      showNotice({ key: 'team.invite_reset_done' }, 'success');
    } catch {
      // Reported by the HTTP client.
    } finally {
      setIsResetting(false);
    }
  }

  return (
    <div className="invite-link">
      <p className="invite-link__hint">{t('team.invite_link_hint')}</p>
      <Space.Compact block>
        <Input readOnly value={link} aria-label={t('team.invite_link')} onFocus={(e) => e.target.select()} />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('team.invite_copy_link')}
        </Button>
      </Space.Compact>
      <div className="invite-link__meta">
        <span>
          {t('team.invite_code')}: <strong className="invite-link__code">{code}</strong>
        </span>
        <Expiry expiresAt={expiresAt} />
      </div>
      {canReset ? (
        <Popconfirm
          title={t('team.invite_reset_title')}
          description={t('team.invite_reset_body')}
          okText={t('team.invite_reset')}
          cancelText={t('common.cancel')}
          onConfirm={reset}
        >
          <Button icon={<ReloadOutlined />} loading={isResetting}>
            {t('team.invite_reset')}
          </Button>
        </Popconfirm>
      ) : (
        <Alert type="info" showIcon title={t('team.invite_reset_managers_only')} />
      )}
    </div>
  );
}
