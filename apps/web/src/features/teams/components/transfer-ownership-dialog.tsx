import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import type { Member } from '../api/members.ts';
import { reloadSessionUser } from '../api/session.ts';
import { transferOwnership } from '../api/team-settings.ts';
import { MemberPicker } from './member-picker.tsx';

/** The owner picks another member and confirms; they become the owner and the old owner an admin. */
export function TransferOwnershipDialog({
  teamName,
  open,
  onClose,
}: {
  teamName: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Member | null>(null);
  const [isTransferring, setIsTransferring] = useState(false);

  function confirm() {
    if (!chosen) return;
    modal.confirm({
      title: t('org_admin.transfer_confirm_title', { name: chosen.name }),
      content: t('org_admin.transfer_confirm_body', { team: teamName, name: chosen.name }),
      okText: t('org_admin.transfer_confirm'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        setIsTransferring(true);
        try {
          await transferOwnership(chosen.user_id);
          showNotice({ key: 'org_admin.transferred', values: { name: chosen.name } }, 'success');
          await reloadSessionUser();
          await queryClient.invalidateQueries({ queryKey: ['teams'] });
          onClose();
        } catch {
          // Reported by the HTTP client; the dialog stays open to try again.
        } finally {
          setIsTransferring(false);
        }
      },
    });
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      destroyOnHidden
      afterClose={() => setChosen(null)}
      width={480}
      title={t('org_admin.transfer_title')}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="transfer"
          type="primary"
          danger
          disabled={!chosen}
          loading={isTransferring}
          onClick={confirm}
        >
          {t('org_admin.transfer_next')}
        </Button>,
      ]}
    >
      <p>{t('org_admin.transfer_body')}</p>
      <Form layout="vertical">
        <Form.Item label={t('org_admin.new_owner')} htmlFor="transfer-new-owner">
          <MemberPicker
            id="transfer-new-owner"
            ariaLabel={t('org_admin.new_owner')}
            value={chosen?.user_id ?? null}
            exclude={(member) => member.is_owner}
            onChange={(_, member) => setChosen(member ?? null)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
