import { ReloadOutlined } from '@ant-design/icons';
import type { Page } from '@tandem/contract/envelope';
import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Grid, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, type ListPage, PAGE_SIZES, pageWithinTotal } from './paging.ts';

/**
 * One page of a team list, asked for with the page shown. When the list shrinks under that page (rows
 * removed, restored, approved) it steps back to the last page that still has rows.
 */
export function usePagedList<Row, Key extends QueryKey>(
  optionsFor: (page: ListPage) => UseQueryOptions<Page<Row>, Error, Page<Row>, Key>,
) {
  const [page, setPage] = useState(FIRST_PAGE);
  const list = useQuery(optionsFor(page));
  const total = list.data?.total ?? 0;
  const lastUsefulPage = pageWithinTotal(page.current, page.size, total);
  if (list.data && !list.isPlaceholderData && lastUsefulPage !== page.current) {
    setPage({ ...page, current: lastUsefulPage });
  }
  return { page, setPage, list, total };
}

/** The row checkbox column, and what a column with neither width nor minimum width is given. */
const SELECTION_WIDTH = 48;
const DEFAULT_COLUMN_WIDTH = 120;

type ScreenMap = ReturnType<typeof Grid.useBreakpoint>;

/**
 * The width the columns shown on this screen need. The table is laid out with fixed widths at least this
 * wide, so an emptied table keeps its columns, and a narrow screen scrolls the table, not the page.
 */
export function tableWidth<Row>(columns: TableColumnsType<Row>, screens: ScreenMap) {
  return columns
    .filter((column) => !column.responsive || column.responsive.some((breakpoint) => screens[breakpoint]))
    .reduce(
      (sum, column) =>
        sum + (typeof column.width === 'number' ? column.width : (column.minWidth ?? DEFAULT_COLUMN_WIDTH)),
      SELECTION_WIDTH,
    );
}

/**
 * A paged team list whose rows can be selected, under a bar of actions on the selection (leaving members,
 * applicants, the members of a department). Turning the page or changing its size clears the selection.
 */
export function SelectableTable<Row extends { name: string }>({
  list,
  rowKey,
  columns,
  page,
  onPageChange,
  selectedKeys,
  onSelectionChange,
  actions,
  failedTitle,
  emptyText,
}: {
  list: UseQueryResult<Page<Row>>;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  page: ListPage;
  onPageChange: (page: ListPage) => void;
  selectedKeys: number[];
  onSelectionChange: (keys: number[], rows: Row[]) => void;
  /** The buttons acting on the selected rows. */
  actions: ReactNode;
  failedTitle: string;
  emptyText: ReactNode;
}) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  return (
    <>
      <div className="member-table__batch">
        <span className="member-table__selected" aria-live="polite">
          {t('org_admin.selected', { count: selectedKeys.length })}
        </span>
        {actions}
      </div>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title={failedTitle}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: tableWidth(columns, screens) }}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        rowSelection={{
          selectedRowKeys: selectedKeys,
          onChange: (keys, rows) => onSelectionChange(keys.map(Number), rows),
          getTitleCheckboxProps: () => ({ 'aria-label': t('org_admin.select_page') }),
          getCheckboxProps: (row) => ({ 'aria-label': t('org_admin.select_member', { name: row.name }) }),
        }}
        locale={{
          emptyText: list.isPending ? (
            ' '
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          ),
        }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: (count) => t('org_admin.total', { count }),
          onChange: (current, size) => {
            onPageChange({ current: size === page.size ? current : 1, size });
            onSelectionChange([], []);
          },
        }}
      />
    </>
  );
}
