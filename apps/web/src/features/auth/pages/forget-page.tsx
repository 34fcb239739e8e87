import { ArrowLeftOutlined } from '@ant-design/icons';
import { CODE_PURPOSES } from '@tandem/contract/account-rules';
import { ERRORS } from '@tandem/contract/errors';
import { Alert, Button, Form, type FormInstance, Result, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { failureCode } from '../../../shared/api/failure.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { getResetToken, resetPasswordByToken } from '../api/reset-password.ts';
import type { Address } from '../api/verification-code.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import {
  AddressFields,
  type AddressMethod,
  type AddressValues,
  addressFieldOf,
  addressOf,
  CodeField,
  NewPasswordFields,
} from '../components/credential-fields.tsx';
import { showFailureOnForm } from '../components/form-failure.ts';
import { useSendAddressCode } from '../hooks/use-send-address-code.ts';
import './forget-page.css';

type Step = 'verify' | 'password' | 'done';
const STEPS: Step[] = ['verify', 'password', 'done'];

type VerifyValues = AddressValues & { valid_code?: string };
type PasswordValues = { password?: string; confirm?: string };

/**
 * Forgot password in three steps: prove the account with a code (type 3) for a reset token, set the new
 * password with the token, then sign in again. A token the server no longer accepts restarts the flow.
 */
export function ForgetPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('verify');
  const [resetToken, setResetToken] = useState('');
  const [isTokenRejected, setIsTokenRejected] = useState(false);
  const [verifyForm] = Form.useForm<VerifyValues>();
  const [method, setMethod] = useState<AddressMethod>('email');

  return (
    <AuthFrame>
      <header className="auth__heading">
        <h1>{t('forget.title')}</h1>
        <p>{t(`forget.subtitle_${step}`)}</p>
      </header>
      <Steps
        className="forget__steps"
        size="small"
        titlePlacement="vertical"
        current={STEPS.indexOf(step)}
        items={STEPS.map((key) => ({ key, title: t(`forget.step_${key}`) }))}
      />
      {step === 'verify' && (
        <VerifyStep
          form={verifyForm}
          method={method}
          onMethodChange={setMethod}
          isTokenRejected={isTokenRejected}
          onVerified={(token) => {
            setResetToken(token);
            setIsTokenRejected(false);
            setStep('password');
          }}
        />
      )}
      {step === 'password' && (
        <PasswordStep
          resetToken={resetToken}
          onBack={() => setStep('verify')}
          onTokenRejected={() => {
            setResetToken('');
            setIsTokenRejected(true);
            // The code was used up with the token: the user needs a fresh one.
            verifyForm.setFieldValue('valid_code', '');
            setStep('verify');
          }}
          onDone={() => setStep('done')}
        />
      )}
      {step === 'done' && <DoneStep />}
      {step !== 'done' && (
        <p className="auth__switch">
          {t('forget.remembered')} <Link to="/login">{t('auth.sign_in')}</Link>
        </p>
      )}
    </AuthFrame>
  );
}

const VERIFY_FORM = 'forget_verify';

function VerifyStep({
  form,
  method,
  onMethodChange,
  isTokenRejected,
  onVerified,
}: {
  form: FormInstance<VerifyValues>;
  method: AddressMethod;
  onMethodChange: (method: AddressMethod) => void;
  isTokenRejected: boolean;
  onVerified: (resetToken: string) => void;
}) {
  const { t } = useTranslation();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const addressField = addressFieldOf(method);
  const sendCode = useSendAddressCode(form, method, CODE_PURPOSES.resetPassword);

  // Back here because the token was refused: the address is kept, a fresh code is the next thing to get.
  useEffect(() => {
    if (isTokenRejected) document.getElementById(`${VERIFY_FORM}_send_code`)?.focus();
  }, [isTokenRejected]);

  async function submit(values: VerifyValues) {
    const address: Address = addressOf(method, values);
    setIsSubmitting(true);
    try {
      const { reset_token } = await getResetToken({
        ...address,
        valid_code: values.valid_code?.trim() ?? '',
      });
      onVerified(reset_token);
    } catch (error) {
      showFailureOnForm(form, error, { t, addressField });
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Form<VerifyValues>
      form={form}
      name={VERIFY_FORM}
      layout="vertical"
      requiredMark={false}
      className="credential-form"
      onFinish={submit}
      scrollToFirstError={{ focus: true }}
      aria-busy={isSubmitting}
    >
      {isTokenRejected && (
        <Alert
          type="error"
          showIcon
          className="forget__alert"
          title={t('error.reset_token_invalid')}
          role="alert"
        />
      )}
      <AddressFields
        method={method}
        onMethodChange={onMethodChange}
        methods={['email', 'phone']}
        formName={VERIFY_FORM}
      />
      <CodeField formName={VERIFY_FORM} onSend={sendCode} />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        className="credential-form__submit"
      >
        {t('forget.next')}
      </Button>
    </Form>
  );
}

function PasswordStep({
  resetToken,
  onBack,
  onTokenRejected,
  onDone,
}: {
  resetToken: string;
  onBack: () => void;
  onTokenRejected: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(values: PasswordValues) {
    setIsSubmitting(true);
    try {
      await resetPasswordByToken({ reset_token: resetToken, password: values.password ?? '' });
      // The server ended every session of the account, this browser's included if it had one.
      if (getSession().token) getSession().reset();
      onDone();
    } catch (error) {
      if (failureCode(error) === ERRORS.RESET_TOKEN_INVALID.code) onTokenRejected();
      else showFailureOnForm(form, error, { t, addressField: 'password' });
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Form<PasswordValues>
      form={form}
      name="forget_password"
      layout="vertical"
      requiredMark={false}
      className="credential-form"
      onFinish={submit}
      scrollToFirstError={{ focus: true }}
      aria-busy={isSubmitting}
    >
      <NewPasswordFields label={t('forget.new_password')} autoFocus />
      <div className="forget__actions">
        <Button size="large" icon={<ArrowLeftOutlined />} onClick={onBack} disabled={isSubmitting}>
          {t('forget.back')}
        </Button>
        <Button type="primary" htmlType="submit" size="large" loading={isSubmitting}>
          {t('forget.submit')}
        </Button>
      </div>
    </Form>
  );
}

function DoneStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      className="forget__result"
      title={t('forget.done_title')}
      subTitle={t('forget.done_body')}
      extra={
        <Button type="primary" size="large" block autoFocus onClick={() => navigate('/login')}>
          {t('forget.go_sign_in')}
        </Button>
      }
    />
  );
}
