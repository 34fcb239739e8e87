import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountCentre, type AccountCentreSlots } from './account-centre.tsx';

/** The account centre as the shell's dialog (the user menu's "Account centre"). */
export function AccountCentreDialog({
  open,
  onClose,
  slots,
}: {
  open: boolean;
  onClose: () => void;
  slots?: AccountCentreSlots;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={860}
      title={t('account_centre.title')}
      destroyOnHidden
    >
      <AccountCentre slots={slots} />
    </Modal>
  );
}
