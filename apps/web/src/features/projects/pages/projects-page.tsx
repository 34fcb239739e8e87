import { CloseCircleOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { projectSpacePathOf } from '../../../shared/routing/project-paths.ts';
import { useAddressFilter, useSearchBox } from '../../../shared/routing/use-address-filter.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import {
  PROJECT_LIST_KEY,
  type ProjectItem,
  type ProjectListFilter,
  projectListQuery,
} from '../api/projects.ts';
import { DeleteProjectDialog } from '../components/delete-project-dialog.tsx';
import { ProjectCard, type ProjectCardAction } from '../components/project-card.tsx';
import { ProjectFormDialog } from '../components/project-form-dialog.tsx';
import { useProjectDeletions } from '../hooks/use-project-deletions.ts';
import '../components/projects.css';

export const PROJECT_SEARCH_DELAY_MS = 300;
export const PROJECT_PAGE_SIZES = [12, 24, 48];
const SKELETON_SLOTS = ['a', 'b', 'c', 'd', 'e', 'f'];

function readFilter(params: URLSearchParams): ProjectListFilter {
  const size = Number(params.get('size'));
  return {
    recent: params.get('tab') === 'recent' ? 1 : 0,
    keyword: params.get('q') ?? '',
    page: Math.max(1, Math.trunc(Number(params.get('page'))) || 1),
    page_size: PROJECT_PAGE_SIZES.includes(size) ? size : PROJECT_PAGE_SIZES[0]!,
  };
}

function writeFilter(filter: ProjectListFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.recent) query.set('tab', 'recent');
  if (filter.keyword) query.set('q', filter.keyword);
  if (filter.page > 1) query.set('page', String(filter.page));
  if (filter.page_size !== PROJECT_PAGE_SIZES[0]) query.set('size', String(filter.page_size));
  return query;
}

/** The project list (/projects): every project of the current team the user may see, or those visited lately. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { filter, update } = useAddressFilter(readFilter, writeFilter);
  const [search, setSearch] = useSearchBox(filter.keyword, update, PROJECT_SEARCH_DELAY_MS);
  const list = useQuery(projectListQuery(filter));
  useProjectDeletions();
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<ProjectItem | null>(null);
  const [deleting, setDeleting] = useState<ProjectItem | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: PROJECT_LIST_KEY });
  const act = (action: ProjectCardAction, project: ProjectItem) =>
    action === 'edit' ? setEditing(project) : setDeleting(project);
  const clearSearch = () => {
    setSearch('');
    update({ keyword: '' });
  };

  const projects = list.data?.data ?? [];
  const total = list.data?.total ?? 0;

  return (
    <div className="projects-page">
      <header className="projects-page__header">
        <div>
          <h1 className="projects-page__title">{t('route.projects')}</h1>
          <p className="projects-page__lead">{t('projects.list.lead')}</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
          {t('projects.list.create')}
        </Button>
      </header>

      <div className="projects-page__toolbar">
        <Tabs
          className="projects-page__tabs"
          activeKey={filter.recent ? 'recent' : 'all'}
          onChange={(tab) => update({ recent: tab === 'recent' ? 1 : 0 })}
          items={[
            { key: 'all', label: t('projects.list.tab_all') },
            { key: 'recent', label: t('projects.list.tab_recent') },
          ]}
        />
        <Input
          className="projects-page__search"
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          placeholder={t('projects.list.search_placeholder')}
          aria-label={t('projects.list.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      {list.isPending ? (
        <div className="projects-page__grid" aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          {SKELETON_SLOTS.map((slot) => (
            <div key={slot} className="project-card project-card--skeleton">
              <div className="project-card__cover-placeholder" />
              <Skeleton active paragraph={{ rows: 2 }} />
            </div>
          ))}
        </div>
      ) : list.isError && !list.data ? (
        <Empty
          className="projects-page__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('projects.list.failed')}
        >
          <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
        </Empty>
      ) : projects.length === 0 ? (
        <Empty
          className="projects-page__empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            filter.keyword
              ? t('projects.list.no_results', { keyword: filter.keyword })
              : filter.recent
                ? t('projects.list.empty_recent')
                : t('projects.list.empty')
          }
        >
          <div className="projects-page__empty-actions">
            {filter.keyword && (
              <Button type="primary" icon={<CloseCircleOutlined />} onClick={clearSearch}>
                {t('projects.list.clear_search')}
              </Button>
            )}
            <Button
              type={filter.keyword ? 'default' : 'primary'}
              icon={<PlusOutlined />}
              onClick={() => setIsCreating(true)}
            >
              {t('projects.list.create')}
            </Button>
          </div>
        </Empty>
      ) : (
        <>
          <section className="projects-page__grid" aria-label={t('projects.list.results', { count: total })}>
            {projects.map((project) => (
              <ProjectCard
                key={project.id}
                project={project}
                showVisit={filter.recent === 1}
                onAction={act}
              />
            ))}
          </section>
          <Pagination
            className="projects-page__pagination"
            align="center"
            current={filter.page}
            pageSize={filter.page_size}
            total={total}
            hideOnSinglePage={total <= PROJECT_PAGE_SIZES[0]!}
            showSizeChanger
            pageSizeOptions={PROJECT_PAGE_SIZES}
            showTotal={(count) => t('projects.list.total', { count })}
            onChange={(page, pageSize) =>
              update(pageSize === filter.page_size ? { page } : { page: 1, page_size: pageSize })
            }
          />
        </>
      )}

      <ProjectFormDialog
        open={isCreating || !!editing}
        project={editing}
        onClose={() => {
          setIsCreating(false);
          setEditing(null);
        }}
        onSaved={(saved) => {
          void refresh();
          if (isCreating) navigate(projectSpacePathOf(saved.uniq_code));
          setIsCreating(false);
          setEditing(null);
        }}
      />
      <DeleteProjectDialog
        project={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(project) => {
          showNotice({ key: 'projects.delete.done', values: { name: project.name } }, 'success');
          setDeleting(null);
          void refresh();
        }}
      />
    </div>
  );
}
