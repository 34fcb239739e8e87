import { Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** What an empty table says: nothing to list, or that loading failed, with a retry. */
export function TableEmpty({
  isError,
  emptyText,
  failedText,
  onRetry,
}: {
  isError: boolean;
  emptyText: string;
  failedText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failedText}>
      <Button size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
  );
}
