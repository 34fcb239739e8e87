import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { subscriptionQuery } from '../api/billing.ts';
import { BillsTable } from './bills-table.tsx';
import './billing.css';

/** The bill section of the account centre: the owner's bills; members are told who reads them. */
export function BillsSection() {
  const { t } = useTranslation();
  const subscription = useQuery(subscriptionQuery);
  if (subscription.isPending) return <Skeleton active />;
  if (!subscription.data?.can_manage_billing)
    return <Alert type="info" showIcon title={t('billing.owner_only')} />;
  return <BillsTable />;
}
