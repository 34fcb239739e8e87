import { GoogleOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { getSession } from '../../../shared/session/session-store.ts';
import { finishGoogleSignIn } from '../api/google-auth.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import '../../../shared/ui/coming-soon.css';

/** Google sends the browser back here with a code, as a path segment or as `?code=`. */
export function GoogleAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { google_code: pathCode } = useParams();
  const [searchParams] = useSearchParams();
  const code = pathCode ?? searchParams.get('code');
  const [failed, setFailed] = useState(!code);
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    finishGoogleSignIn(code)
      .then(({ token }) => {
        getSession().setToken(token);
        return navigate('/', { replace: true });
      })
      .catch(() => setFailed(true));
  }, [code, navigate]);

  return (
    <AuthFrame>
      <div className="auth__placeholder" aria-live="polite">
        <div className="coming-soon__icon" aria-hidden="true">
          <GoogleOutlined />
        </div>
        <h1>{t('route.google_auth')}</h1>
        {failed ? (
          <>
            <p>{t('auth.google_failed')}</p>
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
