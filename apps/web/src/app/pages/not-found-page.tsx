import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandaloneFrame } from '../../shared/ui/standalone-frame.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandaloneFrame>
      <Result
        status="404"
        title="404"
        subTitle={t('pages.not_found')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('common.back_home')}
          </Button>
        }
      />
    </StandaloneFrame>
  );
}
