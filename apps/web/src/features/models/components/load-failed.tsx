import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list that could not load, with a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('models_admin.load_failed')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
