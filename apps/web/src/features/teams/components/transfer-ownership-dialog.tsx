import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HandOverDialog } from '../../../shared/ui/hand-over-dialog.tsx';
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
  const queryClient = useQueryClient();
  return (
    <HandOverDialog<Member>
      open={open}
      onClose={onClose}
      title={t('org_admin.transfer_title')}
      lead={t('org_admin.transfer_body')}
      pickerLabel={t('org_admin.new_owner')}
      pickerId="transfer-new-owner"
      renderPicker={(chosen, choose) => (
        <MemberPicker
          id="transfer-new-owner"
          ariaLabel={t('org_admin.new_owner')}
          value={chosen?.user_id ?? null}
          exclude={(member) => member.is_owner}
          onChange={(_, member) => choose(member ?? null)}
        />
      )}
      nextText={t('org_admin.transfer_next')}
      confirmationOf={(chosen) => ({
        title: t('org_admin.transfer_confirm_title', { name: chosen.name }),
        content: t('org_admin.transfer_confirm_body', { team: teamName, name: chosen.name }),
        okText: t('org_admin.transfer_confirm'),
      })}
      onHandOver={async (chosen) => {
        await transferOwnership(chosen.user_id);
        showNotice({ key: 'org_admin.transferred', values: { name: chosen.name } }, 'success');
        await reloadSessionUser();
        await queryClient.invalidateQueries({ queryKey: ['teams'] });
      }}
    />
  );
}
