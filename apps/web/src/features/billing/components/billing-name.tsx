import { EditOutlined } from '@ant-design/icons';
import { BILLING_NAME_MAX } from '@tandem/contract/billing';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '../../../shared/ui/notices.ts';
import { BILLING_KEY, updateBillingName } from '../api/billing.ts';

/**
 * Who the team's invoices are made out to (a company, or a person): shown to everyone who sees the
 * subscription, changed in place by those who manage billing. Empty means the team owner's name.
 */
export function BillingName({ name, canEdit }: { name: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);

  const save = async () => {
    const next = (draft ?? '').trim();
    setIsSaving(true);
    try {
      await updateBillingName(next);
      setDraft(undefined);
      showNotice(
        next
          ? { key: 'billing.notice.billing_name_saved', values: { name: next } }
          : { key: 'billing.notice.billing_name_cleared' },
        'success',
      );
      await queryClient.invalidateQueries({ queryKey: BILLING_KEY });
    } catch {
      // The request's own error notice says why; the draft stays to be corrected.
    } finally {
      setIsSaving(false);
    }
  };

  if (draft !== undefined) {
    return (
      <div className="billing-name__form">
        <Input
          autoFocus
          value={draft}
          maxLength={BILLING_NAME_MAX}
          placeholder={t('billing.sub.billing_name_placeholder')}
          aria-label={t('billing.sub.billing_name')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={() => void save()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(undefined);
          }}
        />
        <Space>
          <Button type="primary" loading={isSaving} onClick={() => void save()}>
            {t('billing.sub.billing_name_save')}
          </Button>
          <Button disabled={isSaving} onClick={() => setDraft(undefined)}>
            {t('billing.sub.billing_name_cancel')}
          </Button>
        </Space>
      </div>
    );
  }
  return (
    <span className="billing-name">
      {name ? (
        <Typography.Text data-testid="billing-name">{name}</Typography.Text>
      ) : (
        <Typography.Text type="secondary" data-testid="billing-name">
          {t('billing.sub.billing_name_owner')}
        </Typography.Text>
      )}
      {canEdit && (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          aria-label={`${t('billing.sub.billing_name_edit')}: ${t('billing.sub.billing_name')}`}
          onClick={() => setDraft(name)}
        >
          {t('billing.sub.billing_name_edit')}
        </Button>
      )}
    </span>
  );
}
