import { CloseCircleOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { HUB_SORTS, HUB_TABS, type HubSort, type HubTab } from '@tandem/contract/agent-rules';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Select, Skeleton, Switch, Tabs, Tooltip } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NoModelNotice } from '../../../shared/models/no-model-notice.tsx';
import { NEW_AGENT_PATH } from '../../../shared/routing/agent-paths.ts';
import { useAddressFilter, useSearchBox } from '../../../shared/routing/use-address-filter.ts';
import { type AgentCard as AgentCardData, type HubFilter, hubQuery } from '../api/agents.ts';
import { AgentCard, type CardAction } from '../components/agent-card.tsx';
import { DeleteAgentDialog } from '../components/delete-agent-dialog.tsx';
import { useAgentActions } from '../hooks/use-agent-actions.ts';
import { useAgentDeletions } from '../hooks/use-agent-deletions.ts';
import '../components/agents-hub.css';

export const HUB_SEARCH_DELAY_MS = 300;
export const HUB_PAGE_SIZES = [12, 24, 48];
const SKELETON_SLOTS = ['a', 'b', 'c', 'd', 'e', 'f'];

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

function readFilter(params: URLSearchParams): HubFilter {
  const size = Number(params.get('size'));
  return {
    tab: pick<HubTab>(params.get('tab'), HUB_TABS, 'all'),
    sort: pick<HubSort>(params.get('sort'), HUB_SORTS, 'relevance'),
    mine: params.get('mine') === '1' ? 1 : 0,
    keyword: params.get('q') ?? '',
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    page_size: HUB_PAGE_SIZES.includes(size) ? size : HUB_PAGE_SIZES[0]!,
  };
}

function writeFilter(filter: HubFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.tab !== 'all') query.set('tab', filter.tab);
  if (filter.keyword) query.set('q', filter.keyword);
  if (filter.sort !== 'relevance') query.set('sort', filter.sort);
  if (filter.mine) query.set('mine', '1');
  if (filter.page > 1) query.set('page', String(filter.page));
  if (filter.page_size !== HUB_PAGE_SIZES[0]) query.set('size', String(filter.page_size));
  return query;
}

/** The Agents Hub (/dashboard): find an agent to chat with, or one of your own to work on. */
export function AgentsHubPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { filter, update } = useAddressFilter(readFilter, writeFilter);
  const [search, setSearch] = useSearchBox(filter.keyword, update, HUB_SEARCH_DELAY_MS);
  const list = useQuery(hubQuery(filter));
  useAgentDeletions();
  const actions = useAgentActions();
  const [deleting, setDeleting] = useState<AgentCardData | null>(null);
  const sortId = useId();
  const mineId = useId();

  function act(action: CardAction, agent: AgentCardData) {
    if (action === 'delete') setDeleting(agent);
    else if (action === 'off_shelf') void actions.offShelf.run(agent.id);
    else void actions.onShelf.run(agent.id);
  }

  const agents = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const isFiltered = !!filter.keyword || filter.mine === 1;
  const clearSearch = () => {
    setSearch('');
    update({ keyword: '' });
  };

  return (
    <div className="agents-hub">
      <header className="agents-hub__header">
        <div>
          <h1 className="agents-hub__title">{t('route.dashboard')}</h1>
          <p className="agents-hub__lead">{t('agents.hub.lead')}</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(NEW_AGENT_PATH)}>
          {t('agents.hub.create')}
        </Button>
      </header>
      <NoModelNotice className="agents-hub__no-model" />

      <Tabs
        className="agents-hub__tabs"
        activeKey={filter.tab}
        onChange={(tab) => update({ tab: tab as HubTab })}
        items={HUB_TABS.map((tab) => ({
          key: tab,
          label: (
            <Tooltip title={t(`agents.hub.tab_${tab}_hint`)}>
              <span>{t(`agents.hub.tab_${tab}`)}</span>
            </Tooltip>
          ),
        }))}
      />
      <p className="agents-hub__tab-hint">{t(`agents.hub.tab_${filter.tab}_hint`)}</p>

      <div className="agents-hub__toolbar">
        <Input
          className="agents-hub__search"
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={t('agents.hub.search_placeholder')}
          aria-label={t('agents.hub.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="agents-hub__control">
          <span id={sortId}>{t('agents.hub.sort')}</span>
          <Select<HubSort>
            aria-labelledby={sortId}
            className="agents-hub__sort"
            value={filter.sort}
            onChange={(sort) => update({ sort })}
            options={HUB_SORTS.map((sort) => ({ value: sort, label: t(`agents.hub.sort_${sort}`) }))}
            popupMatchSelectWidth={false}
          />
        </div>
        <label className="agents-hub__control" htmlFor={mineId}>
          <Switch
            id={mineId}
            size="small"
            checked={filter.mine === 1}
            onChange={(on) => update({ mine: on ? 1 : 0 })}
          />
          <span>{t('agents.hub.only_mine')}</span>
        </label>
      </div>

      {list.isPending ? (
        <div className="agents-hub__grid" aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          {SKELETON_SLOTS.map((slot) => (
            <div key={slot} className="agent-card agent-card--skeleton">
              <Skeleton avatar={{ shape: 'square', size: 52 }} active paragraph={{ rows: 3 }} />
            </div>
          ))}
        </div>
      ) : agents.length === 0 ? (
        <Empty
          className="agents-hub__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            filter.keyword
              ? t('agents.hub.no_results', { keyword: filter.keyword })
              : isFiltered || filter.tab === 'mine'
                ? t('agents.hub.empty_mine')
                : t('agents.hub.empty')
          }
        >
          <div className="agents-hub__empty-actions">
            {filter.keyword && (
              <Button type="primary" icon={<CloseCircleOutlined />} onClick={clearSearch}>
                {t('agents.hub.clear_search')}
              </Button>
            )}
            <Button
              type={filter.keyword ? 'default' : 'primary'}
              icon={<PlusOutlined />}
              onClick={() => navigate(NEW_AGENT_PATH)}
            >
              {t('agents.hub.create_first')}
            </Button>
          </div>
        </Empty>
      ) : (
        <>
          <section className="agents-hub__grid" aria-label={t('agents.hub.results', { count: total })}>
            {agents.map((agent) => (
              <AgentCard key={agent.id} agent={agent} onAction={act} />
            ))}
          </section>
          <Pagination
            className="agents-hub__pagination"
            align="center"
            current={filter.page}
            pageSize={filter.page_size}
            total={total}
            hideOnSinglePage={total <= HUB_PAGE_SIZES[0]!}
            showSizeChanger
            pageSizeOptions={HUB_PAGE_SIZES}
            showTotal={(count) => t('agents.hub.total', { count })}
            onChange={(page, pageSize) =>
              update(pageSize === filter.page_size ? { page } : { page: 1, page_size: pageSize })
            }
          />
        </>
      )}

      <DeleteAgentDialog
        open={!!deleting}
        agentName={deleting?.name || t('agents.untitled')}
        isDeleting={actions.remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await actions.remove.run(deleting.id))) setDeleting(null);
        }}
      />
    </div>
  );
}
