import { CODE_PURPOSES, isValidPassword } from '@tandem/contract/account-rules';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../shared/session/session-user.ts';
import { type ContactAddress, sendCode } from '../api/contact-change.ts';
import { resetPasswordByCode } from '../api/reset-password.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { useSignInAgain } from '../hooks/use-sign-in-again.ts';
import { CodeField } from './code-fields.tsx';
import { addressText, currentAddressOf } from './contact-change-dialog.tsx';

type PasswordValues = { valid_code: string; password: string; confirm: string };

/** A new password with a code sent to the account's email (or phone when it has none); then sign in again. */
export function PasswordResetDialog({
  user,
  open,
  onClose,
}: {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const address = currentAddressOf('email', user) ?? currentAddressOf('phone', user);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={480}
      destroyOnHidden
      mask={{ closable: false }}
      title={t('account_settings.reset_password')}
    >
      {address ? (
        <PasswordResetForm address={address} onClose={onClose} />
      ) : (
        <Alert type="warning" showIcon title={t('account_settings.password_needs_contact')} />
      )}
    </Modal>
  );
}

function PasswordResetForm({ address, onClose }: { address: ContactAddress; onClose: () => void }) {
  const { t } = useTranslation();
  const sender = useCodeSender();
  const signInAgain = useSignInAgain();
  const [hasSent, setHasSent] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const text = addressText(address);

  async function send() {
    if (await sender.send(text, () => sendCode(address, CODE_PURPOSES.resetPassword))) setHasSent(true);
  }

  async function submit(values: PasswordValues) {
    setIsSubmitting(true);
    try {
      await resetPasswordByCode(address, values.valid_code.trim(), values.password);
      signInAgain('account_settings.password_changed');
    } catch {
      // Reported by the HTTP client (wrong code, password rules).
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Form<PasswordValues>
      layout="vertical"
      className="contact-change__body"
      onFinish={submit}
      requiredMark={false}
    >
      <p>{t('account_settings.password_code_hint', { address: text })}</p>
      <CodeField
        secondsLeft={sender.secondsLeft(text)}
        isSending={sender.isSending}
        onResend={() => void send()}
        hasSent={hasSent}
        autoFocus={false}
      />
      <Form.Item
        name="password"
        label={t('account_settings.new_password')}
        extra={t('account_settings.password_rule')}
        rules={[
          { required: true, message: t('account_settings.password_required') },
          {
            validator: (_, value: string | undefined) =>
              !value || isValidPassword(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('account_settings.password_rule'))),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account_settings.confirm_password')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('account_settings.confirm_password_required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('account_settings.password_mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <p className="contact-change__note">{t('account_settings.sign_in_again_note')}</p>
      <div className="contact-change__actions">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSubmitting}>
          {t('account_settings.reset_password')}
        </Button>
      </div>
    </Form>
  );
}
