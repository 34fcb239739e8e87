import { ERRORS } from '@tandem/contract/errors';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureCode, isNetworkFailure, noticeOf } from '../../../../shared/api/failure.ts';
import { useSessionStore } from '../../../../shared/session/session-store.ts';

/**
 * Why a document did not open: it does not exist, the user may not read it, or the network failed.
 * Through a share link (`isShareLink`), "no permission" means the link was turned off; a signed-out
 * visitor has no projects to go back to.
 */
export function DocumentProblem({
  error,
  onRetry,
  isShareLink = false,
}: {
  error: unknown;
  onRetry(): void;
  isShareLink?: boolean;
}) {
  const { t } = useTranslation();
  const isSignedIn = useSessionStore((state) => state.user !== null);
  const code = failureCode(error);
  const isMissing = code === ERRORS.DOCUMENT_NOT_FOUND.code || code === ERRORS.DOCUMENT_DELETED.code;
  const isForbidden = code === ERRORS.DOCUMENT_NO_PERMISSION.code;
  const isGone = code === ERRORS.PROJECT_DELETED.code;
  const notice = noticeOf(error);
  const title = isMissing
    ? t('error.document_not_found')
    : isForbidden
      ? t(isShareLink ? 'error.share_link_off' : 'error.document_no_permission')
      : isGone
        ? t('error.project_deleted')
        : isNetworkFailure(error)
          ? t('doc_editor.open_offline')
          : t(notice.key, notice.values);
  const isFinal = isMissing || isForbidden || isGone;
  return (
    <Result
      className="doc-problem"
      status={isForbidden ? '403' : isFinal ? '404' : 'warning'}
      title={title}
      extra={[
        !isFinal && (
          <Button key="retry" type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ),
        (isSignedIn || !isShareLink) && (
          <Link key="back" to="/projects">
            {t('doc_editor.back_to_projects')}
          </Link>
        ),
      ]}
    />
  );
}
