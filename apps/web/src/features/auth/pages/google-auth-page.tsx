import { GoogleOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type KeyNotice, noticeOf } from '../../../shared/api/failure.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import { finishGoogleSignIn } from '../api/google-auth.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import '../../../shared/ui/coming-soon.css';
import { withdrawErrorNotices } from '../../../shared/ui/notices.ts';

/**
 * The provider sends the browser back here with its code (as a path segment or `?code=`), the state the
 * server handed out and perhaps its issuer; the server checks them and answers a session token.
 */
export function GoogleAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { google_code: pathCode } = useParams();
  const [searchParams] = useSearchParams();
  const code = pathCode ?? searchParams.get('code');
  const state = searchParams.get('state');
  // RFC 9207: a provider that names itself in the answer must be checked against the one asked.
  const issuer = searchParams.get('iss');
  const providerError = searchParams.get('error');
  const isComplete = !!code && !!state && !providerError;
  const [failure, setFailure] = useState<KeyNotice | null>(
    isComplete ? null : { key: 'auth.google_incomplete' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!code || !state || providerError || started.current) return;
    started.current = true;
    finishGoogleSignIn({ google_code: code, state, ...(issuer ? { iss: issuer } : {}) })
      .then(({ token }) => {
        getSession().setToken(token);
        withdrawErrorNotices();
        return navigate('/', { replace: true });
      })
      .catch((error: unknown) => setFailure(noticeOf(error)));
  }, [code, state, issuer, providerError, navigate]);

  return (
    <AuthFrame>
      <div className="auth__placeholder" aria-live="polite">
        <div className="coming-soon__icon" aria-hidden="true">
          <GoogleOutlined />
        </div>
        <h1>{t('route.google_auth')}</h1>
        {failure ? (
          <>
            <p>
              {t('auth.google_failed')}
              <br />
              <span className="auth__failure-reason">{t(failure.key, failure.values)}</span>
            </p>
            <Button type="primary" size="large" block onClick={() => navigate('/login', { replace: true })}>
              {t('auth.back_to_login')}
            </Button>
          </>
        ) : (
          <>
            <p>{t('auth.google_signing_in')}</p>
            <Spin />
          </>
        )}
      </div>
    </AuthFrame>
  );
}
