import { DownloadOutlined } from '@ant-design/icons';
import {
  BILL_DEFAULT_PAGE_SIZE,
  BILL_PAGE_SIZES,
  formatMoney,
  ORDER_STATUS,
  type OrderItem,
} from '@tandem/contract/billing';
import { formatDate } from '@tandem/contract/date-format';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Popconfirm, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleStore } from '../../../shared/i18n/i18n.ts';
import { showNotice } from '../../../shared/ui/notices.ts';
import { BILLING_KEY, cancelOrder, invoicePdf, ordersQuery, repayOrder } from '../api/billing.ts';

/** Opens the invoice: ours arrives as a PDF data address, Stripe's as its hosted PDF. */
async function downloadInvoice(bill: OrderItem) {
  const { has_invoice, invoice_pdf } = await invoicePdf(bill.id);
  if (!has_invoice) {
    showNotice({ key: 'billing.bills.no_invoice' }, 'warning');
    return;
  }
  const link = document.createElement('a');
  link.href = invoice_pdf;
  if (invoice_pdf.startsWith('data:')) link.download = `invoice-${bill.order_no}.pdf`;
  else link.target = '_blank';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The billing screen: date, plan, amount, unpaid flag, invoice download. */
export function BillsTable() {
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(BILL_DEFAULT_PAGE_SIZE);
  const bills = useQuery({ ...ordersQuery(page, pageSize), placeholderData: keepPreviousData });
  const [downloading, setDownloading] = useState<number>();
  const [repaying, setRepaying] = useState<number>();
  const queryClient = useQueryClient();

  if (bills.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('billing.bills.load_failed')}
        action={<Button onClick={() => void bills.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const planOf = (bill: OrderItem) =>
    `${bill.plan_name} · ${t(bill.period_type === 2 ? 'billing.yearly' : 'billing.monthly')}`;
  const statusOf = (bill: OrderItem) =>
    bill.order_status === ORDER_STATUS.paid ? (
      <Tag color="green">{t('billing.bills.paid')}</Tag>
    ) : bill.order_status === ORDER_STATUS.cancelled ? (
      <Tag>{t('billing.bills.cancelled')}</Tag>
    ) : (
      <Tag color="orange">{t('billing.bills.unpaid')}</Tag>
    );
  const actionsOf = (bill: OrderItem) =>
    bill.can_repay ? (
      <span className="billing-bill-actions">
        <Button
          size="small"
          type="primary"
          loading={repaying === bill.id}
          onClick={() => {
            setRepaying(bill.id);
            repayOrder(bill.id)
              .then(({ checkout_url }) => location.assign(checkout_url))
              .catch(() => void bills.refetch())
              .finally(() => setRepaying(undefined));
          }}
        >
          {t('billing.notice.pay_again')}
        </Button>
        <Popconfirm
          title={t('billing.notice.cancel_bill_confirm')}
          okText={t('billing.notice.cancel_bill')}
          cancelText={t('billing.notice.cancel_bill_keep')}
          onConfirm={async () => {
            try {
              await cancelOrder(bill.id);
              showNotice({ key: 'billing.notice.bill_cancelled' }, 'success');
            } catch {
              // The transport has shown why (closed meanwhile, the provider failing).
            } finally {
              await queryClient.invalidateQueries({ queryKey: BILLING_KEY });
            }
          }}
        >
          <Button size="small">{t('billing.notice.cancel_bill')}</Button>
        </Popconfirm>
      </span>
    ) : null;
  const invoiceOf = (bill: OrderItem) =>
    bill.has_invoice ? (
      <Button
        size="small"
        type="link"
        icon={<DownloadOutlined />}
        loading={downloading === bill.id}
        onClick={() => {
          setDownloading(bill.id);
          void downloadInvoice(bill).finally(() => setDownloading(undefined));
        }}
      >
        {t('billing.bills.download')}
      </Button>
    ) : null;

  return (
    <Table<OrderItem>
      rowKey="id"
      size="middle"
      loading={bills.isPending}
      dataSource={bills.data?.data}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('billing.bills.empty') }}
      pagination={{
        current: page,
        pageSize,
        total: bills.data?.total ?? 0,
        pageSizeOptions: BILL_PAGE_SIZES.map(String),
        showSizeChanger: true,
        onChange: (next, size) => {
          setPage(size === pageSize ? next : 1);
          setPageSize(size);
        },
      }}
      columns={[
        // A phone gets two columns: what the bill is, and what can be done with it.
        {
          key: 'bill',
          title: t('billing.bills.plan'),
          responsive: ['xs'],
          render: (_, bill) => (
            <div className="billing-bill-summary">
              <span className="billing-muted">{formatDate(bill.date, locale)}</span>
              <span>{planOf(bill)}</span>
              <strong>{formatMoney(bill.amount, bill.currency, locale)}</strong>
            </div>
          ),
        },
        {
          key: 'state',
          title: t('billing.bills.status'),
          responsive: ['xs'],
          render: (_, bill) => (
            <div className="billing-bill-summary billing-bill-summary--end">
              {statusOf(bill)}
              {actionsOf(bill)}
              {invoiceOf(bill)}
            </div>
          ),
        },
        {
          key: 'date',
          title: t('billing.bills.date'),
          responsive: ['sm'],
          render: (_, bill) => formatDate(bill.date, locale),
        },
        {
          key: 'plan',
          title: t('billing.bills.plan'),
          responsive: ['sm'],
          render: (_, bill) => planOf(bill),
        },
        {
          key: 'amount',
          title: t('billing.bills.amount'),
          align: 'right',
          responsive: ['sm'],
          render: (_, bill) => formatMoney(bill.amount, bill.currency, locale),
        },
        {
          key: 'status',
          title: t('billing.bills.status'),
          responsive: ['sm'],
          render: (_, bill) => statusOf(bill),
        },
        {
          key: 'actions',
          title: t('billing.notice.bill_actions'),
          responsive: ['sm'],
          render: (_, bill) => actionsOf(bill),
        },
        {
          key: 'invoice',
          title: t('billing.bills.invoice'),
          responsive: ['sm'],
          render: (_, bill) => invoiceOf(bill) ?? '—',
        },
      ]}
    />
  );
}
