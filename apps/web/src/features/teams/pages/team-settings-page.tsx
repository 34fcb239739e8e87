import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentTeamQuery } from '../api/team-settings.ts';
import {
  JoinApprovalCard,
  OwnershipCard,
  PlanCard,
  TeamProfileCard,
} from '../components/team-settings-cards.tsx';
import './org-admin.css';

/** Team settings: profile, plan, join approval, transfer and dissolve. */
export function TeamSettingsPage() {
  const { t } = useTranslation();
  const team = useQuery(currentTeamQuery);
  return (
    <div className="org-page">
      <h2 className="org-page__title">{t('route.org_admin_index')}</h2>
      {team.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      ) : team.isError ? (
        <Result
          status="error"
          title={t('org_admin.load_failed')}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void team.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <TeamProfileCard team={team.data} />
          <PlanCard />
          <JoinApprovalCard team={team.data} />
          <OwnershipCard team={team.data} />
        </>
      )}
    </div>
  );
}
