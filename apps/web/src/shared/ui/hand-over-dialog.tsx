import { App, Button, Form, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the confirmation asks once someone is chosen. */
export type HandOverConfirmation = { title: string; content: string; okText: string };

/**
 * Hands something over to a person (a team, an agent): pick them, press `nextText`, confirm, and
 * `onHandOver` runs; a failure keeps the dialog open to try again (the HTTP client says why).
 */
export function HandOverDialog<T>({
  open,
  onClose,
  title,
  lead,
  pickerLabel,
  pickerId,
  renderPicker,
  nextText,
  confirmationOf,
  onHandOver,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  lead: string;
  pickerLabel: string;
  pickerId: string;
  renderPicker: (chosen: T | null, choose: (next: T | null) => void) => ReactNode;
  nextText: string;
  confirmationOf: (chosen: T) => HandOverConfirmation;
  onHandOver: (chosen: T) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [chosen, setChosen] = useState<T | null>(null);
  const [isHandingOver, setIsHandingOver] = useState(false);

  function confirm() {
    if (!chosen) return;
    modal.confirm({
      ...confirmationOf(chosen),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        setIsHandingOver(true);
        try {
          await onHandOver(chosen);
          onClose();
        } catch {
          // Reported by the HTTP client; the dialog stays open to try again.
        } finally {
          setIsHandingOver(false);
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
      title={title}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="hand-over"
          type="primary"
          danger
          disabled={!chosen}
          loading={isHandingOver}
          onClick={confirm}
        >
          {nextText}
        </Button>,
      ]}
    >
      <p>{lead}</p>
      <Form layout="vertical">
        <Form.Item label={pickerLabel} htmlFor={pickerId}>
          {renderPicker(chosen, setChosen)}
        </Form.Item>
      </Form>
    </Modal>
  );
}
