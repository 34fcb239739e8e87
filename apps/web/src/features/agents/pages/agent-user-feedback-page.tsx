import { DislikeFilled, EyeOutlined, LikeFilled } from '@ant-design/icons';
import type { FeedbackRating } from '@tandem/contract/chat-feedback';
import { DISLIKE_REASONS } from '@tandem/contract/limits';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Segmented,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownReply } from '../../../shared/markdown/markdown-reply.tsx';
import { RelativeTime } from '../../../shared/ui/relative-time.tsx';
import { type FeedbackEntry, type FeedbackFilter, feedbackListQuery } from '../api/insights.ts';
import { InsightsPage } from '../components/insights/insights-page.tsx';
import { plainText } from '../model/plain-text.ts';

type RatingFilter = 'all' | FeedbackRating;
type Reason = (typeof DISLIKE_REASONS)[number];

const PAGE_SIZE = 10;

/** /agent/index/user-feedback: the replies people liked or disliked, newest first, and why. */
export function AgentUserFeedbackPage() {
  return (
    <InsightsPage insight="user_feedback">{(agent) => <FeedbackList agentId={agent.id} />}</InsightsPage>
  );
}

function FeedbackList({ agentId }: { agentId: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FeedbackFilter>({ page: 1, page_size: PAGE_SIZE });
  const [opened, setOpened] = useState<FeedbackEntry | null>(null);
  const list = useQuery(feedbackListQuery(agentId, filter));
  const rating: RatingFilter = filter.rating ?? 'all';

  const columns: TableColumnsType<FeedbackEntry> = [
    {
      key: 'rating',
      title: t('agents.feedback.rating'),
      width: 104,
      render: (_, row) => <RatingTag rating={row.rating} />,
    },
    {
      key: 'reason',
      title: t('agents.feedback.reason'),
      width: 200,
      render: (_, row) => (
        <>
          {row.reason ? <span className="insights-reason">{t(`feedback_reason.${row.reason}`)}</span> : '—'}
          {row.comment && <Clipped text={row.comment} secondary />}
        </>
      ),
    },
    {
      key: 'exchange',
      title: t('agents.feedback.exchange'),
      render: (_, row) => (
        <>
          <Clipped text={row.question} strong rows={1} />
          <Clipped text={plainText(row.reply)} secondary />
        </>
      ),
    },
    {
      key: 'who',
      title: t('agents.feedback.who'),
      width: 150,
      ellipsis: true,
      render: (_, row) => <Rater entry={row} />,
    },
    {
      key: 'when',
      title: t('agents.feedback.when'),
      width: 110,
      render: (_, row) => <RelativeTime value={row.rated_at} />,
    },
    {
      key: 'open',
      width: 56,
      render: (_, row) => (
        <Tooltip title={t('agents.feedback.open')}>
          <Button
            type="text"
            icon={<EyeOutlined />}
            aria-label={t('agents.feedback.open')}
            onClick={() => setOpened(row)}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <section className="editor-section insights">
      <div className="insights-filters">
        <Segmented<RatingFilter>
          aria-label={t('agents.feedback.filter_label')}
          value={rating}
          onChange={(value) =>
            setFilter({
              page: 1,
              page_size: filter.page_size,
              rating: value === 'all' ? undefined : value,
              reason: value === 'dislike' ? filter.reason : undefined,
            })
          }
          options={[
            { value: 'all', label: t('agents.feedback.filter_all') },
            { value: 'like', label: t('agents.feedback.filter_likes') },
            { value: 'dislike', label: t('agents.feedback.filter_dislikes') },
          ]}
        />
        <Select<Reason>
          aria-label={t('agents.feedback.reason_filter')}
          allowClear
          placeholder={t('agents.feedback.reason_any')}
          disabled={rating === 'like'}
          value={filter.reason}
          onChange={(reason) =>
            setFilter({
              page: 1,
              page_size: filter.page_size,
              rating: reason ? 'dislike' : filter.rating,
              reason,
            })
          }
          options={DISLIKE_REASONS.map((reason) => ({
            value: reason,
            label: t(`feedback_reason.${reason}`),
          }))}
        />
        {list.data && (
          <span className="insights-total-count">
            {t('agents.feedback.total', { count: list.data.total })}
          </span>
        )}
      </div>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('agents.feedback.failed')}
          action={<Button onClick={() => list.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Table<FeedbackEntry>
          rowKey="message_id"
          size="middle"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 760 }}
          locale={{
            emptyText: list.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agents.feedback.empty')} />
            ),
          }}
          pagination={{
            current: filter.page,
            pageSize: filter.page_size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50],
            hideOnSinglePage: true,
            onChange: (page, pageSize) =>
              setFilter({ ...filter, page: pageSize === filter.page_size ? page : 1, page_size: pageSize }),
          }}
        />
      )}
      <ExchangeDrawer entry={opened} onClose={() => setOpened(null)} />
    </section>
  );
}

function RatingTag({ rating }: { rating: FeedbackRating }) {
  const { t } = useTranslation();
  return rating === 'like' ? (
    <Tag color="success" icon={<LikeFilled />}>
      {t('agents.feedback.like')}
    </Tag>
  ) : (
    <Tag color="error" icon={<DislikeFilled />}>
      {t('agents.feedback.dislike')}
    </Tag>
  );
}

function Rater({ entry }: { entry: FeedbackEntry }) {
  const { t } = useTranslation();
  return entry.user ? <span>{entry.user.name}</span> : <Tag>{t('agents.feedback.visitor')}</Tag>;
}

/** Long text cut to a few lines, opened in place on request. */
function Clipped({
  text,
  rows = 2,
  strong,
  secondary,
}: {
  text: string;
  rows?: number;
  strong?: boolean;
  secondary?: boolean;
}) {
  return (
    <Typography.Paragraph
      className="insights-text"
      strong={strong}
      type={secondary ? 'secondary' : undefined}
      ellipsis={{ rows, expandable: 'collapsible' }}
    >
      {text}
    </Typography.Paragraph>
  );
}

/** The rated reply with the question it answered, the reply rendered as the chat shows it. */
function ExchangeDrawer({ entry, onClose }: { entry: FeedbackEntry | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={!!entry}
      size={640}
      title={t('agents.feedback.exchange_title')}
      onClose={onClose}
      destroyOnHidden
    >
      {entry && (
        <div className="insights-exchange">
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'rating',
                label: t('agents.feedback.rating'),
                children: <RatingTag rating={entry.rating} />,
              },
              ...(entry.reason
                ? [
                    {
                      key: 'reason',
                      label: t('agents.feedback.reason'),
                      children: t(`feedback_reason.${entry.reason}`),
                    },
                  ]
                : []),
              ...(entry.comment
                ? [{ key: 'comment', label: t('agents.feedback.comment'), children: entry.comment }]
                : []),
              { key: 'who', label: t('agents.feedback.who'), children: <Rater entry={entry} /> },
              {
                key: 'when',
                label: t('agents.feedback.when'),
                children: <RelativeTime value={entry.rated_at} />,
              },
            ]}
          />
          <h3>{t('agents.feedback.question')}</h3>
          <p className="insights-question">{entry.question}</p>
          <h3>{t('agents.feedback.reply')}</h3>
          <MarkdownReply text={entry.reply} />
        </div>
      )}
    </Drawer>
  );
}
