import { GoogleOutlined, LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { CODE_LENGTH, EMAIL_MAX } from '@tandem/contract/limits';
import { Button } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getDeviceId } from '../../../shared/api/device-id.ts';
import { REDIRECT_PARAM, safeRedirectTarget } from '../../../shared/routing/paths.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { useClientConfig } from '../../../shared/system/client-config.ts';
import { DevOutboxLink } from '../../../shared/system/dev-outbox-link.tsx';
import { LEGAL_LINK_TAGS } from '../../../shared/ui/legal-links.tsx';
import { showNotice, withdrawNotices } from '../../../shared/ui/notices.ts';
import { RichText } from '../../../shared/ui/rich-text.tsx';
import { SegmentedTabs } from '../../../shared/ui/segmented-tabs.tsx';
import { startGoogleSignIn } from '../api/google-auth.ts';
import {
  buildLoginPayload,
  LOGIN_TYPES,
  type LoginFormValues,
  type LoginType,
  login,
  sendSignInCode,
} from '../api/login.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { FormField } from '../components/form-field.tsx';
import { SendCodeButton } from '../components/send-code-button.tsx';

type LoginMethod = 'password' | 'code';
type FieldName = keyof LoginFormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

/** The rules of the sign-in form; answers a message key per failing field. */
export function validateLogin(
  values: LoginFormValues,
  loginType: LoginType,
): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const userName = values.user_name?.trim() ?? '';
  if (!userName) errors.user_name = 'auth.user_name_required';
  else if (userName.length > EMAIL_MAX) errors.user_name = 'validation.too_long';
  if (loginType === LOGIN_TYPES.password) {
    if (!values.password?.trim()) errors.password = 'auth.password_required';
  } else {
    const code = values.valid_code?.trim() ?? '';
    if (!code) errors.valid_code = 'auth.code_required';
    else if (!CODE_PATTERN.test(code)) errors.valid_code = 'auth.code_format';
  }
  return errors;
}

export function LoginPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  const config = useClientConfig();
  const methods = config.sign_in_methods;
  const available: { key: LoginMethod; type: LoginType }[] = [];
  if (methods.password || !methods.code) available.push({ key: 'password', type: LOGIN_TYPES.password });
  if (methods.code) available.push({ key: 'code', type: LOGIN_TYPES.code });
  const [method, setMethod] = useState<LoginMethod>('password');

  return (
    <AuthFrame>
      <header className="auth__heading">
        <h1>{t('auth.welcome')}</h1>
        <p>{t('auth.subtitle')}</p>
      </header>
      <SegmentedTabs<LoginMethod>
        label={t('auth.method')}
        active={method}
        onChange={setMethod}
        tabs={available.map((tab) => ({
          key: tab.key,
          label: t(`auth.tab_${tab.key}`),
          panel: <LoginForm loginType={tab.type} />,
        }))}
      />
      {methods.google && <GoogleButton />}
      <p className="auth__switch">
        {t('auth.no_account')}{' '}
        <Link to={redirect ? `/register?${REDIRECT_PARAM}=${encodeURIComponent(redirect)}` : '/register'}>
          {t('auth.create_account')}
        </Link>
      </p>
      <p className="auth__agreement">
        <RichText text={t('auth.agreement')} tags={LEGAL_LINK_TAGS} />
      </p>
    </AuthFrame>
  );
}

/**
 * A plain form with antd inputs: antd's Form would add ~18 KB gzip to the page every visitor downloads
 * first, for three fields with two rules each.
 */
function LoginForm({ loginType }: { loginType: LoginType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<LoginFormValues>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const isPassword = loginType === LOGIN_TYPES.password;
  const idPrefix = isPassword ? 'login-password' : 'login-code';

  const errorText = (field: FieldName) => {
    const key = errors[field];
    return key ? t(key, { max: EMAIL_MAX, length: CODE_LENGTH }) : undefined;
  };

  function update(field: FieldName, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once the user has tried to submit, errors follow the values; before that, typing clears a field's error.
    if (wasSubmitted) setErrors(validateLogin(next, loginType));
    else if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Errors are reported by the HTTP client (unknown account, resend wait, hourly cap). */
  async function sendCode() {
    if (!values.user_name?.trim()) {
      setErrors((current) => ({ ...current, user_name: 'auth.user_name_required' }));
      document.getElementById(`${idPrefix}-user_name`)?.focus();
      return false;
    }
    await sendSignInCode(values.user_name);
    return true;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setWasSubmitted(true);
    const found = validateLogin(values, loginType);
    setErrors(found);
    const firstInvalid = (Object.keys(found) as FieldName[])[0];
    if (firstInvalid) {
      document.getElementById(`${idPrefix}-${firstInvalid}`)?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      const { token } = await login(buildLoginPayload(values, loginType, getDeviceId()));
      getSession().setToken(token);
      withdrawNotices();
      await navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true });
    } catch {
      // The HTTP client already told the user what went wrong.
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <form className="auth__form" noValidate onSubmit={submit} aria-busy={isSubmitting}>
      <FormField id={`${idPrefix}-user_name`} label={t('auth.user_name')} error={errorText('user_name')}>
        {(field) => (
          <Input
            {...field}
            size="large"
            prefix={<UserOutlined />}
            placeholder={t('auth.user_name_placeholder')}
            autoComplete="username"
            value={values.user_name ?? ''}
            onChange={(event) => update('user_name', event.target.value)}
            disabled={isSubmitting}
          />
        )}
      </FormField>
      {isPassword ? (
        <FormField
          id={`${idPrefix}-password`}
          label={t('auth.password')}
          error={errorText('password')}
          extra={
            <Link to="/forget" className="auth__forgot">
              {t('auth.forgot')}
            </Link>
          }
        >
          {(field) => (
            <Password
              {...field}
              size="large"
              prefix={<LockOutlined />}
              placeholder={t('auth.password_placeholder')}
              autoComplete="current-password"
              value={values.password ?? ''}
              onChange={(event) => update('password', event.target.value)}
              disabled={isSubmitting}
            />
          )}
        </FormField>
      ) : (
        <FormField id={`${idPrefix}-valid_code`} label={t('auth.code')} error={errorText('valid_code')}>
          {(field) => (
            <div className="auth__code-row">
              <Input
                {...field}
                size="large"
                prefix={<SafetyOutlined />}
                placeholder={t('auth.code_placeholder', { length: CODE_LENGTH })}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_LENGTH}
                value={values.valid_code ?? ''}
                onChange={(event) => update('valid_code', event.target.value)}
                disabled={isSubmitting}
              />
              <SendCodeButton onSend={sendCode} />
            </div>
          )}
        </FormField>
      )}
      {!isPassword && <DevOutboxLink />}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={isSubmitting}
        className="auth__submit"
      >
        {t('auth.submit')}
      </Button>
    </form>
  );
}

function GoogleButton() {
  const { t } = useTranslation();
  const [isStarting, setIsStarting] = useState(false);
  async function start() {
    setIsStarting(true);
    try {
      const url = await startGoogleSignIn();
      if (url) {
        // The button keeps spinning while the browser leaves for the provider.
        window.location.href = url;
        return;
      }
      showNotice({ key: 'auth.google_unavailable' });
    } catch {
      // Reported by the HTTP client.
    }
    setIsStarting(false);
  }
  return (
    <>
      <div className="auth__divider">
        <span>{t('auth.or')}</span>
      </div>
      <Button block size="large" icon={<GoogleOutlined />} loading={isStarting} onClick={start}>
        {t('auth.google')}
      </Button>
    </>
  );
}
