import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, Input, Modal } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadAtRoot } from '../api/session.ts';
import { dissolveTeam } from '../api/team-settings.ts';
import { canDissolve, DISSOLVE_TEAM_CONFIRM_TEXT } from './dissolve-rules.ts';

/** Dissolving asks for DELETE typed out; every member then lands in their personal team, as does the owner. */
export function DissolveTeamDialog({
  teamName,
  open,
  onClose,
}: {
  teamName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [isDissolving, setIsDissolving] = useState(false);
  const inputId = useId();
  const isReady = canDissolve(typed);

  async function confirm() {
    if (!isReady) return;
    setIsDissolving(true);
    try {
      await dissolveTeam(DISSOLVE_TEAM_CONFIRM_TEXT);
      reloadAtRoot();
    } catch {
      // Reported by the HTTP client.
      setIsDissolving(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setTyped('')}
      width={480}
      title={
        <span className="danger-title">
          <ExclamationCircleFilled aria-hidden="true" /> {t('org_admin.dissolve_title', { name: teamName })}
        </span>
      }
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="dissolve"
          danger
          type="primary"
          disabled={!isReady}
          loading={isDissolving}
          onClick={confirm}
        >
          {t('org_admin.dissolve_confirm')}
        </Button>,
      ]}
    >
      <p>{t('org_admin.dissolve_body')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <label htmlFor={inputId} className="danger-label">
          {t('org_admin.dissolve_type', { word: DISSOLVE_TEAM_CONFIRM_TEXT })}
        </label>
        <Input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={DISSOLVE_TEAM_CONFIRM_TEXT}
          autoComplete="off"
          spellCheck={false}
          autoFocus
        />
      </form>
    </Modal>
  );
}
