import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandaloneFrame } from '../../shared/ui/standalone-frame.tsx';

export function UnauthorisedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandaloneFrame>
      <Result
        status="403"
        title="401"
        subTitle={t('pages.unauthorised')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('common.back_home')}
          </Button>
        }
      />
    </StandaloneFrame>
  );
}
