import { MailOutlined, MessageOutlined } from '@ant-design/icons';
import { formatDateTime } from '@tandem/contract/date-format';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { useClientConfig } from '../../../shared/system/client-config.ts';
import { StandaloneFrame } from '../../../shared/ui/standalone-frame.tsx';
import { type DevOutboxItem, devOutboxQuery } from '../api/dev-outbox.ts';
import './dev-outbox-page.css';

function OutboxEntry({ item }: { item: DevOutboxItem }) {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  return (
    <List.Item className="dev-outbox__item">
      <List.Item.Meta
        avatar={item.channel === 'email' ? <MailOutlined /> : <MessageOutlined />}
        title={
          <span>
            {t('dev_outbox.to', { to: item.to })}{' '}
            <Typography.Text type="secondary">{formatDateTime(item.created_at, locale)}</Typography.Text>
          </span>
        }
        description={
          <>
            <div>{item.subject}</div>
            {item.code && (
              <div className="dev-outbox__code">
                {t('dev_outbox.code')}{' '}
                <Typography.Text copyable strong>
                  {item.code}
                </Typography.Text>
              </div>
            )}
            <Typography.Paragraph className="dev-outbox__text" ellipsis={{ rows: 2, expandable: true }}>
              {item.text}
            </Typography.Paragraph>
          </>
        }
      />
    </List.Item>
  );
}

/**
 * The development mailbox: outside production, where no mail or SMS is really sent, the messages the
 * server would have sent, newest first, so a newcomer can read the verification code here.
 */
export function DevOutboxPage() {
  const { t } = useTranslation();
  const isAvailable = useClientConfig().dev_outbox;
  const outbox = useQuery({ ...devOutboxQuery, enabled: isAvailable });
  const items = outbox.data?.data ?? [];
  return (
    <StandaloneFrame>
      <Card className="dev-outbox" title={<h1 className="dev-outbox__title">{t('dev_outbox.title')}</h1>}>
        {isAvailable ? (
          <>
            <Typography.Paragraph type="secondary">{t('dev_outbox.intro')}</Typography.Paragraph>
            <List
              loading={outbox.isPending}
              dataSource={items}
              locale={{ emptyText: <Empty description={t('dev_outbox.empty')} /> }}
              renderItem={(item) => <OutboxEntry item={item} />}
            />
          </>
        ) : (
          <Alert type="info" showIcon title={t('dev_outbox.unavailable')} />
        )}
      </Card>
    </StandaloneFrame>
  );
}
