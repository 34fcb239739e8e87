import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StandaloneFrame } from '../../shared/ui/standalone-frame.tsx';
import './status-page.css';

/** A full-page status (404, 401) with the way home; replace, so Back does not return here. */
export function StatusPage({
  status,
  title,
  messageKey,
}: {
  status: '404' | '403';
  title: string;
  messageKey: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StandaloneFrame>
      <Result
        className="status-page"
        status={status}
        title={title}
        subTitle={t(messageKey)}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('common.back_home')}
          </Button>
        }
      />
    </StandaloneFrame>
  );
}
