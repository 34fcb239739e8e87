import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AuthFrame } from './auth-frame.tsx';
import '../../../shared/ui/coming-soon.css';

/** A sign-in family page whose form arrives in the next issue, in the same frame as sign-in. */
export function AuthPlaceholder({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthFrame>
      <div className="auth__placeholder">
        <div className="coming-soon__icon" aria-hidden="true">
          {icon}
        </div>
        <span className="coming-soon__badge">{t('coming_soon.badge')}</span>
        <h1>{title}</h1>
        <p>{body}</p>
        <Button
          type="primary"
          size="large"
          block
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate('/login')}
        >
          {t('auth.back_to_login')}
        </Button>
      </div>
    </AuthFrame>
  );
}
