import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Props = {
  /** The link itself is no good (unknown, expired, revoked): nothing to retry. */
  isDead: boolean;
  title: ReactNode;
  subTitle?: ReactNode;
  onRetry(): void;
  className?: string;
};

/** A page opened from a link (an invitation, a share) that could not be loaded, with the way on. */
export function LinkProblem({ isDead, title, subTitle, onRetry, className }: Props) {
  const { t } = useTranslation();
  return (
    <Result
      className={className}
      status={isDead ? 'warning' : 'error'}
      title={title}
      subTitle={subTitle}
      extra={[
        !isDead && (
          <Button key="retry" type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ),
        <Link key="home" to="/">
          {t('common.back_home')}
        </Link>,
      ]}
    />
  );
}
