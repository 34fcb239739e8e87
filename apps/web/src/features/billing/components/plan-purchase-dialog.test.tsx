import '../../../test/dom-setup.ts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createPlans } from '../../../test/billing-factories.ts';
import { renderPage } from '../../../test/render-app.tsx';
import { PlanPurchaseDialog } from './plan-purchase-dialog.tsx';

async function openDialog(currentPlanId: number) {
  const onPay = vi.fn();
  await renderPage(
    <PlanPurchaseDialog
      open
      plans={createPlans()}
      currentPlanId={currentPlanId}
      isPaying={false}
      onPay={onPay}
      onClose={() => {}}
    />,
  );
  const dialog = await screen.findByRole('dialog');
  const cycle = (name: 'Monthly' | 'Yearly') => within(dialog).getByRole<HTMLInputElement>('radio', { name });
  return { dialog, cycle, onPay };
}

describe('the plan purchase dialog', () => {
  it.each([2, 3])('on plan %i, chooses yearly and disables the cycle switch', async (currentPlanId) => {
    const { dialog, cycle, onPay } = await openDialog(currentPlanId);
    expect(cycle('Yearly').checked).toBe(true);
    expect(cycle('Yearly').disabled).toBe(true);
    expect(cycle('Monthly').disabled).toBe(true);
    expect(within(dialog).getByText('On your current plan, upgrades are yearly.')).toBeTruthy();
    fireEvent.click(cycle('Monthly'));
    expect(cycle('Yearly').checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: /Pro/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ¥2,870.00' }));
    expect(onPay).toHaveBeenCalledWith(42);
  });

  it('gives a free team yearly by default, and monthly when it switches', async () => {
    const { dialog, cycle, onPay } = await openDialog(0);
    expect(cycle('Yearly').checked).toBe(true);
    expect(cycle('Monthly').disabled).toBe(false);
    expect(within(dialog).queryByText('On your current plan, upgrades are yearly.')).toBeNull();
    const standard = within(dialog).getByRole('button', { name: /Standard/ });
    expect(standard.getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Pay ¥950.00' })).toBeTruthy();
    fireEvent.click(cycle('Monthly'));
    expect(cycle('Monthly').checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay ¥99.00' }));
    expect(onPay).toHaveBeenCalledWith(31);
  });
});
