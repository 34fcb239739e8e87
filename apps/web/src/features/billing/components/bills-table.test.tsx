import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOrderInfo } from '../../../test/billing-factories.ts';
import { setScreenWidth } from '../../../test/dom-setup.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { recordNotices } from '../../../test/notices.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { BillsTable } from './bills-table.tsx';

const notices = recordNotices();

beforeEach(() => setScreenWidth(1280));

afterEach(() => {
  vi.unstubAllGlobals();
  setScreenWidth(null);
});

function serveBills() {
  let status = 0;
  const api = fakeApi({
    '/api/order/get-order-list': () => ({
      data: {
        data: [
          {
            ...createOrderInfo({ id: 7, order_no: 'ORD7', has_invoice: 0 }),
            order_status: status,
            can_repay: status === 0 ? 1 : 0,
          },
        ],
        total: 1,
      },
    }),
    '/api/order/repay-order': () => ({
      data: { checkout_url: 'http://tandem.test/pay/sandbox/cs_sbx_again' },
    }),
    '/api/order/cancel-order': () => {
      status = 2;
      return { data: null };
    },
  });
  return api;
}

describe('the bills table', () => {
  it('pays an abandoned checkout’s bill again at its checkout page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = serveBills();
    await renderPage(<BillsTable />);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://tandem.test/pay/sandbox/cs_sbx_again'));
    expect(api.bodiesOf('/api/order/repay-order')).toEqual([{ order_id: 7 }]);
  });

  it('cancels it after asking, and shows it cancelled', async () => {
    const api = serveBills();
    await renderPage(<BillsTable />);
    expect(await screen.findByText('Unpaid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = (await screen.findByText('Cancel this unpaid bill?')).closest<HTMLElement>('.ant-popover')!;
    expect(api.bodiesOf('/api/order/cancel-order')).toEqual([]);
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(api.bodiesOf('/api/order/cancel-order')).toEqual([{ order_id: 7 }]);
    expect(notices.texts()).toEqual(['The bill was cancelled.']);
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it('on a phone puts each bill in two columns that fit: what it is, and what can be done', async () => {
    setScreenWidth(390);
    serveBills();
    await renderPage(<BillsTable />);
    const row = (await screen.findByText('Unpaid')).closest<HTMLElement>('tr')!;
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Plan',
      'Status',
    ]);
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(2);
    expect(cells[0]!.textContent).toMatch(/Pro · Yearly/);
    expect(cells[0]!.textContent).toMatch(/¥/);
    expect(within(cells[1]!).getByRole('button', { name: 'Pay' })).toBeTruthy();
    expect(within(cells[1]!).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});
