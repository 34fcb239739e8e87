import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { registerAccount } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';
import { apiToken, teamOfTwo } from '../support/teams.ts';

const m = MESSAGES['en-US'];
const b = m.billing;
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

async function openSubscription(page: Page, section: 'subscription' | 'bill' = 'subscription') {
  await page.goto(`/user-center/user-set?section=${section}`);
  await expect(page.getByRole('heading', { name: m.account_centre[section] })).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel(b.card.name).fill('Ada Lovelace');
  await page.getByLabel(b.card.number).fill(number);
  await page.getByLabel(b.card.expiry).fill(`12/${(new Date().getFullYear() + 3) % 100}`);
  await page.getByLabel(b.card.cvc).fill('123');
}

/** A signed-in owner whose personal team is on standard yearly, bought through the sandbox's calls. */
async function paidOwner(page: Page) {
  const account = await registerAccount(page.request);
  const token = await apiToken(page.request, account.email, account.password);
  const { checkout_url } = await call<{ checkout_url: string }>(
    page.request,
    token,
    'POST',
    '/api/user/create-checkout-session',
    { plan_id: 32 },
  );
  const paid = await page.request.post('/api/payment/sandbox/pay', {
    data: {
      session_id: checkout_url.split('/').pop(),
      card_number: GOOD_CARD.replaceAll(' ', ''),
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      cvc: '123',
      name: 'Ada Lovelace',
    },
  });
  expect(paid.ok()).toBe(true);
  await signIn(page, account.email);
  return account;
}

test('upgrading to standard yearly: a declined card, then the good one, the success dialog and the new quotas', async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  await signIn(page, account.email);
  await openSubscription(page);
  await expect(page.getByTestId('usage-points')).toContainText('0 of 1,000 used');
  await page.getByRole('button', { name: b.upgrade, exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: b.purchase.title }).last();
  // Yearly is the default cycle.
  await expect(dialog.getByRole('radio', { name: b.yearly })).toBeChecked();
  await dialog.getByRole('button', { name: /Standard/ }).click();
  await dialog.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/pay\/sandbox\/cs_sbx_/);
  await expect(page.getByTestId('checkout-amount')).toHaveText('¥950.00');
  await fillCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: /Pay ¥950\.00/ }).click();
  await expect(page.getByText(m.error.card_declined)).toBeVisible();
  await page.getByLabel(b.card.number).fill(GOOD_CARD);
  await page.getByRole('button', { name: /Pay ¥950\.00/ }).click();

  const success = page.getByRole('dialog').filter({ hasText: b.success.title }).last();
  await expect(success).toBeVisible();
  await expect(success).toContainText('20,000 points a month');
  await success.getByRole('button', { name: b.success.done }).click();
  await expect(page.getByTestId('usage-points')).toContainText('0 of 21,000 used');
  await expect(page.getByTestId('usage-storage')).toContainText('20 GB');
  await expect(page.getByTestId('plan-card-3')).toContainText(b.current);
  await expect(page.getByText(b.sub.valid, { exact: true })).toBeVisible();
});

test('cancelling with a reason shows expiring, and restore turns renewal back on', async ({ page }) => {
  await paidOwner(page);
  await openSubscription(page);
  await page.getByRole('switch', { name: b.sub.auto_renew }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: b.cancel.title }).last();
  await expect(dialog).toContainText(b.cancel.offer_title.replace('{{percent}}', '20'));
  await dialog.getByRole('button', { name: b.cancel.continue }).click();
  await dialog.getByRole('radio', { name: b.cancel.reason_other, exact: true }).check();
  await dialog
    .getByRole('textbox', { name: b.cancel.reason_other_text })
    .fill('We only needed it for a project');
  await dialog.getByRole('button', { name: b.cancel.confirm }).click();
  await expect(page.getByText(b.sub.expiring, { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: b.sub.auto_renew })).not.toBeChecked();
  await page.getByRole('button', { name: b.sub.restore }).click();
  await expect(page.getByText(b.sub.valid, { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: b.sub.auto_renew })).toBeChecked();
});

test('updating the card saves the new one as the team’s', async ({ page }) => {
  await paidOwner(page);
  await openSubscription(page);
  await expect(page.getByTestId('saved-card')).toContainText('•••• 4242');
  await page.getByRole('button', { name: b.sub.change_card }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: b.card.update_title }).last();
  await fillCard(page, '5555 5555 5555 4444');
  await dialog.getByRole('button', { name: b.card.save }).click();
  await expect(page.getByTestId('saved-card')).toContainText('MASTERCARD •••• 4444');
});

test('downloading an invoice gives a PDF with the bill on it, made out to the billing name the owner set', async ({
  page,
}) => {
  await paidOwner(page);
  await openSubscription(page);
  await page.getByRole('button', { name: `${b.sub.billing_name_edit}: ${b.sub.billing_name}` }).click();
  await page.getByRole('textbox', { name: b.sub.billing_name }).fill('Walker Trading Ltd.');
  await page.getByRole('button', { name: b.sub.billing_name_save }).click();
  await expect(page.getByTestId('billing-name')).toHaveText('Walker Trading Ltd.');
  await openSubscription(page, 'bill');
  const row = page.getByRole('row').filter({ hasText: 'Standard' });
  await expect(row).toContainText(b.bills.paid);
  await expect(row).toContainText('¥950.00');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: b.bills.download }).click();
  const file = await (await download).path();
  const text = await pdfText(await readFile(file));
  expect(text).toContain('Invoice');
  expect(text).toContain('Standard');
  expect(text).toContain('¥950.00');
  expect(text).toContain('Walker Trading Ltd.');
});

test('a member sees the plan and its usage, and no buy button', async ({ page }) => {
  const owner = await registerAccount(page.request);
  const member = await registerAccount(page.request);
  const ownerToken = await apiToken(page.request, owner.email, owner.password);
  const memberToken = await apiToken(page.request, member.email, member.password);
  await teamOfTwo(page.request, ownerToken, memberToken);
  await signIn(page, member.email);
  await openSubscription(page);
  await expect(page.getByTestId('usage-members')).toContainText('2 of 50 used');
  await expect(page.getByText(b.owner_only)).toBeVisible();
  await expect(page.getByRole('button', { name: b.upgrade, exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Upgrade to/ })).toHaveCount(0);
});

test('coming back from the checkout unpaid shows the unfinished payment, and repay opens it again', async ({
  page,
}) => {
  const account = await registerAccount(page.request);
  await signIn(page, account.email);
  await openSubscription(page);
  await page.getByRole('button', { name: b.upgrade, exact: true }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: b.purchase.title }).last();
  await dialog.getByText(b.monthly, { exact: true }).click();
  await dialog.getByRole('button', { name: /^Pay ¥99\.00/ }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/cs_sbx_/);
  const checkout = page.url();
  await page.goBack();
  await expect(page.getByText(b.status.unfinished)).toBeVisible();
  await page.getByRole('button', { name: b.status.repay }).click();
  await expect(page).toHaveURL(checkout);
  await expect(page.getByTestId('checkout-amount')).toHaveText('¥99.00');
});
