import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerAccount, registerWithToken } from '../support/accounts.ts';
import { clickAtRest } from '../support/menus.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { signIn, submitSignIn } from '../support/sign-in.ts';
import { createTeam } from '../support/teams.ts';

const m = MESSAGES['en-US'];

test('signing in lands on the page asked for, inside the shell with its menu', async ({ page, request }) => {
  const { email, password } = await registerAccount(request);
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fchat/);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/chat$/);
  const nav = page.getByRole('navigation', { name: m.nav.main });
  await expect(nav.getByText(m.nav.discover)).toBeVisible();
  await expect(nav.getByText(m.nav.projects)).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(m.route.chat));

  // Signed in, /login goes home, and home is the Agents Hub.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the team back office refuses a personal team and sends the user home', async ({ page, request }) => {
  const { email, password } = await registerAccount(request);
  await signIn(page, email, password);
  await page.goto('/org-admin/index');
  await expect(page.getByText(m.error.no_management_permission)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing out asks first, then returns to the sign-in page', async ({ page, request }) => {
  const { email, password } = await registerAccount(request);
  await signIn(page, email, password);
  await page.getByRole('button', { name: new RegExp(email.split('@')[0]!) }).click();
  await clickAtRest(page.getByText(m.user_menu.logout, { exact: true }));
  const dialog = page.getByRole('dialog').filter({ hasText: m.user_menu.logout_title }).last();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: m.user_menu.logout }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test('the sign-in page shows the server’s message for a wrong password, gone once the right one signs in', async ({
  page,
  request,
}) => {
  const { email, password } = await registerAccount(request);
  await page.goto('/login');
  await submitSignIn(page, email, 'Wrong1234');
  await expect(page.getByText(m.error.password_error)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(m.error.password_error)).toHaveCount(0);
});

test('the sidebar shows the current team, and switching there shows the new one', async ({
  page,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-current-team');
  const teamName = `Current ${randomBytes(3).toString('hex')}`;
  await createTeam(request, owner.token, teamName);
  await signIn(page, owner.email);
  const switcher = (name: string) =>
    page.getByRole('button', { name: fill(m.team.current_switch, { name }) });
  await expect(switcher(teamName)).toBeVisible();

  await switcher(teamName).click();
  await clickAtRest(page.getByRole('menuitem', { name: m.team.personal_team }));
  await expect(switcher(m.team.personal_team)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await switcher(m.team.personal_team).click();
  await clickAtRest(page.getByRole('menuitem', { name: teamName }));
  await expect(switcher(teamName)).toBeVisible();
});
