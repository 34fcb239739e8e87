import { CODE_PURPOSES } from '@tandem/contract/account-rules';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../../shared/routing/paths.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { useClientConfig } from '../../../shared/system/client-config.ts';
import { AgreementField } from '../../../shared/ui/agreement-field.tsx';
import { showNotice, withdrawNotices } from '../../../shared/ui/notices.ts';
import { register } from '../api/register.ts';
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

const FORM_NAME = 'register';

type RegisterValues = AddressValues & {
  valid_code?: string;
  password?: string;
  confirm?: string;
  agree?: boolean;
};

export function RegisterPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  const loginPath = redirect ? `/login?${REDIRECT_PARAM}=${encodeURIComponent(redirect)}` : '/login';
  return (
    <AuthFrame>
      <header className="auth__heading">
        <h1>{t('register.title')}</h1>
        <p>{t('register.subtitle')}</p>
      </header>
      <RegisterForm />
      <p className="auth__switch">
        {t('auth.has_account')} <Link to={loginPath}>{t('auth.sign_in')}</Link>
      </p>
    </AuthFrame>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const config = useClientConfig();
  const methods = (['email', 'phone'] as const).filter((key) => config.register_methods[key]);
  const [method, setMethod] = useState<AddressMethod>(methods[0] ?? 'email');
  const [form] = Form.useForm<RegisterValues>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const addressField = addressFieldOf(method);
  const sendCode = useSendAddressCode(form, method, CODE_PURPOSES.register);

  async function submit(values: RegisterValues) {
    setIsSubmitting(true);
    try {
      const { token } = await register({
        ...addressOf(method, values),
        valid_code: values.valid_code?.trim() ?? '',
        password: values.password ?? '',
        agree: true,
      });
      getSession().setToken(token);
      withdrawNotices();
      showNotice({ key: 'register.welcome' }, 'success');
      await navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true });
    } catch (error) {
      showFailureOnForm(form, error, { t, addressField });
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Form<RegisterValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      requiredMark={false}
      className="credential-form"
      onFinish={submit}
      scrollToFirstError={{ focus: true }}
      aria-busy={isSubmitting}
    >
      <AddressFields method={method} onMethodChange={setMethod} methods={methods} formName={FORM_NAME} />
      <CodeField formName={FORM_NAME} onSend={sendCode} />
      <NewPasswordFields label={t('auth.password')} />
      <AgreementField
        text={t('register.agree')}
        requiredMessage={t('register.agree_required')}
        className="credential-form__agree"
      />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        className="credential-form__submit"
      >
        {t('register.submit')}
      </Button>
    </Form>
  );
}
