import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { DEFAULT_COUNTRY_CODE } from '@tandem/contract/account-rules';
import { CODE_LENGTH, EMAIL_MAX, PASSWORD_MAX } from '@tandem/contract/limits';
import { Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DevOutboxLink } from '../../../shared/system/dev-outbox-link.tsx';
import { DialCodeSelect } from '../../../shared/ui/dial-code-select.tsx';
import { SegmentedTabs } from '../../../shared/ui/segmented-tabs.tsx';
import type { Address } from '../api/verification-code.ts';
import {
  codeProblem,
  confirmProblem,
  emailProblem,
  passwordProblem,
  phoneProblem,
  RULE_VALUES,
} from './credential-rules.ts';
import { SendCodeButton } from './send-code-button.tsx';
import './credential-form.css';

export type AddressMethod = 'email' | 'phone';
export type AddressValues = { email?: string; phone?: string; country_code?: string };

/** The form field that holds the address: `email` or `phone`. */
export const addressFieldOf = (method: AddressMethod) => (method === 'email' ? 'email' : 'phone');

/** The address the form names, trimmed the way the contract parses it. */
export function addressOf(method: AddressMethod, values: AddressValues): Address {
  if (method === 'email') return { email: values.email?.trim().toLowerCase() ?? '' };
  return { phone: values.phone?.trim() ?? '', country_code: values.country_code ?? DEFAULT_COUNTRY_CODE };
}

/**
 * Typing clears what a rule said; a filled field is checked when it is left; an empty one only on submit,
 * so moving through the form (or a focus the page moved) never scolds a field not yet reached.
 */
const ON_BLUR = 'onBlur';
const ON_SUBMIT_ONLY: string[] = [];
export const FIELD_TRIGGERS = ['onChange', ON_BLUR];

const isBlank = (value: unknown) => (typeof value === 'string' ? !value.trim() : !value);

function rulesOf(check: (value: string | undefined) => string | null, t: TFunction): Rule[] {
  const when =
    (blank: boolean) =>
    (_: unknown, value: string | undefined): Promise<void> => {
      const problem = isBlank(value) === blank ? check(value) : null;
      return problem ? Promise.reject(new Error(t(problem, RULE_VALUES))) : Promise.resolve();
    };
  return [
    { validateTrigger: ON_SUBMIT_ONLY, validator: when(true) },
    { validateTrigger: ON_BLUR, validator: when(false) },
  ];
}

function useRules(check: (value: string | undefined) => string | null): Rule[] {
  const { t } = useTranslation();
  return rulesOf(check, t);
}

/** Email or phone, as tabs; the address field under the active one. */
export function AddressFields({
  method,
  onMethodChange,
  methods,
  formName,
}: {
  method: AddressMethod;
  onMethodChange: (method: AddressMethod) => void;
  methods: AddressMethod[];
  formName: string;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedTabs<AddressMethod>
      label={t('auth.address_method')}
      active={method}
      onChange={onMethodChange}
      tabs={methods.map((key) => ({
        key,
        label: t(`auth.method_${key}`),
        panel: key === 'email' ? <EmailField /> : <PhoneField formName={formName} />,
      }))}
    />
  );
}

function EmailField() {
  const { t } = useTranslation();
  const rules = useRules(emailProblem);
  return (
    <Form.Item name="email" label={t('auth.email')} rules={rules} validateTrigger={FIELD_TRIGGERS}>
      <Input
        size="large"
        prefix={<MailOutlined />}
        placeholder={t('auth.email_placeholder')}
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX}
        autoFocus
      />
    </Form.Item>
  );
}

function PhoneField({ formName }: { formName: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const dialCode = Form.useWatch('country_code', form);
  const rules = useRules((value) =>
    phoneProblem(value, form.getFieldValue('country_code') ?? DEFAULT_COUNTRY_CODE),
  );
  // A number typed before the dial code was changed is checked again under the new code.
  useEffect(() => {
    if (dialCode !== undefined && form.isFieldTouched('phone')) {
      form.validateFields(['phone']).catch(() => undefined);
    }
  }, [dialCode, form]);
  return (
    <Form.Item label={t('auth.phone')} htmlFor={`${formName}_phone`} required>
      <Space.Compact block>
        <Form.Item name="country_code" noStyle initialValue={DEFAULT_COUNTRY_CODE}>
          <DialCodeSelect
            size="large"
            aria-label={t('auth.country_code')}
            className="credential-form__dial-code"
            popupMatchSelectWidth={280}
            optionRender={(option) => (
              <span className="credential-form__dial-option">
                <span>{option.data.name}</span>
                <span className="credential-form__dial-number">{option.data.label}</span>
              </span>
            )}
          />
        </Form.Item>
        <Form.Item
          name="phone"
          noStyle
          rules={rules}
          validateTrigger={FIELD_TRIGGERS}
          normalize={(value: string) => value.replace(/[\s-]/g, '')}
        >
          <Input
            size="large"
            prefix={<MobileOutlined />}
            placeholder={t('auth.phone_placeholder')}
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={20}
            autoFocus
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/** The code field with its send button beside it. */
export function CodeField({ formName, onSend }: { formName: string; onSend: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const rules = useRules(codeProblem);
  return (
    <Form.Item label={t('auth.code')} htmlFor={`${formName}_valid_code`} required extra={<DevOutboxLink />}>
      <div className="auth__code-row">
        <Form.Item name="valid_code" noStyle rules={rules} validateTrigger={FIELD_TRIGGERS}>
          <Input
            size="large"
            prefix={<SafetyOutlined />}
            placeholder={t('auth.code_placeholder', { length: CODE_LENGTH })}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
          />
        </Form.Item>
        <SendCodeButton id={`${formName}_send_code`} onSend={onSend} />
      </div>
    </Form.Item>
  );
}

/** A new password with the contract's rule shown beneath it, and its confirmation. */
export function NewPasswordFields({ label, autoFocus }: { label: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const password = Form.useWatch('password', form);
  const passwordRules = useRules(passwordProblem);
  // Once the confirmation has been typed, changing the password re-checks it (not before: no nagging).
  useEffect(() => {
    if (password !== undefined && form.isFieldTouched('confirm')) {
      form.validateFields(['confirm']).catch(() => undefined);
    }
  }, [password, form]);
  const confirmRules = rulesOf((value) => confirmProblem(value, form.getFieldValue('password')), t);
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={passwordRules}
        validateTrigger={FIELD_TRIGGERS}
        extra={t('auth.password_rule', RULE_VALUES)}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('auth.new_password_placeholder')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          autoFocus={autoFocus}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.password_confirm')}
        rules={confirmRules}
        validateTrigger={FIELD_TRIGGERS}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('auth.password_confirm_placeholder')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
        />
      </Form.Item>
    </>
  );
}
