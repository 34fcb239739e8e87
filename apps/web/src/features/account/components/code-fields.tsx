import { CODE_LENGTH } from '@tandem/contract/limits';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DevOutboxLink } from '../../../shared/system/dev-outbox-link.tsx';
import { busyButtonProps } from '../../../shared/ui/busy-button.tsx';
import { DialCodeSelect } from '../../../shared/ui/dial-code-select.tsx';

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** The 6-digit code field with its resend button; the button waits out the resend countdown. */
export function CodeField({
  secondsLeft,
  isSending,
  onResend,
  hasSent = true,
  autoFocus = true,
}: {
  secondsLeft: number;
  isSending: boolean;
  onResend: () => void;
  /** Before the first code the button says "send", after it "resend". */
  hasSent?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('account_settings.code')} required extra={<DevOutboxLink />}>
      <Space.Compact block>
        <Form.Item
          name="valid_code"
          noStyle
          rules={[
            { required: true, message: t('account_settings.code_required') },
            { pattern: CODE_PATTERN, message: t('account_settings.code_format', { length: CODE_LENGTH }) },
          ]}
        >
          <Input
            aria-label={t('account_settings.code')}
            placeholder={t('account_settings.code_placeholder', { length: CODE_LENGTH })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            autoFocus={autoFocus}
          />
        </Form.Item>
        <Button onClick={onResend} {...busyButtonProps(isSending)} disabled={isSending || secondsLeft > 0}>
          {secondsLeft > 0
            ? t('account_settings.resend_in', { seconds: secondsLeft })
            : t(hasSent ? 'account_settings.resend_code' : 'account_settings.send_code')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** Dial code (default 86) and number, as the form fields `country_code` and `phone`. */
export function PhoneField({ label, autoFocus }: { label: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required>
      <Space.Compact block>
        <Form.Item name="country_code" noStyle>
          <DialCodeSelect aria-label={t('account_settings.dial_code')} style={{ width: 110 }} />
        </Form.Item>
        <Form.Item name="phone" noStyle>
          <Input aria-label={label} inputMode="tel" autoComplete="tel-national" autoFocus={autoFocus} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
