import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETUP_PATH } from '../routing/agent-paths.ts';
import { useSessionStore } from '../session/session-store.ts';
import { availableModelsQuery } from './available-models.ts';

/**
 * While no model is connected, agents cannot answer: a platform admin is sent to the setup page, which
 * finds local model servers and connects one in a click,
 * anyone else is told to ask one. Nothing shows once a model exists.
 */
export function NoModelNotice({ className }: { className?: string }) {
  const { t } = useTranslation();
  const isSuper = useSessionStore((state) => !!state.user?.is_super);
  const models = useQuery(availableModelsQuery);
  if (!models.isSuccess || models.data.length > 0) return null;
  return (
    <Alert
      className={className}
      type="warning"
      showIcon
      title={t('no_model.title')}
      description={
        isSuper ? (
          <>
            {t('no_model.admin_body')} <Link to={SETUP_PATH}>{t('no_model.admin_link')}</Link>
          </>
        ) : (
          t('no_model.member_body')
        )
      }
    />
  );
}
