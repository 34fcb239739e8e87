import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { pdfText } from '../../apps/server/test/pdf-text.ts';
import { registerAccount } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn, submitSignIn } from '../support/sign-in.ts';
import { apiToken, teamOfTwo } from '../support/teams.ts';

const m = MESSAGES['en-US'];
const s = m.chat_share;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('share a conversation: a visitor reads the link, a teammate continues it; export it to PDF', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerAccount(request);
  const teammate = await registerAccount(request);
  const ownerToken = await apiToken(request, owner.email, owner.password);
  await teamOfTwo(request, ownerToken, await apiToken(request, teammate.email, teammate.password));
  const agent = await publishedAgent(request, ownerToken);

  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: m.chat.message_label });
  const chinese = '请推荐京都的古老寺庙';
  const japanese = '京都の紅葉はとても美しいです';
  await box.fill(`${chinese} ${japanese}`);
  await box.press('Enter');
  await expect(page.getByText(`Echo: ${chinese} ${japanese}`)).toBeVisible();

  await page.getByRole('button', { name: s.button }).click();
  const dialog = dialogWith(page, s.dialog_title);
  await expect(dialog.getByText(s.no_links)).toBeVisible();
  await dialog.getByRole('button', { name: s.create }).click();
  const link = dialog.getByRole('textbox', { name: s.link_label });
  const url = await link.inputValue();
  expect(url).toMatch(/\/chat-share\/[\w-]{32}$/);
  await dialog.getByRole('button', { name: s.copy }).click();
  await expect(page.getByText(s.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await dialog.getByRole('button', { name: m.common.close }).last().click();

  // Said after sharing: the link does not show it.
  await box.fill('Not for the link');
  await box.press('Enter');
  await expect(page.getByText('Echo: Not for the link')).toBeVisible();

  // The PDF holds both messages and both replies, the Chinese and Japanese text as text.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: m.chat_export.button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const text = await pdfText(await readFile((await download.path())!));
  expect(text).toContain(`Echo: ${chinese} ${japanese}`);
  expect(text).toContain('Echo: Not for the link');
  expect(text).toContain(agent.name);

  // A visitor without an account reads the link in a fresh browser.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(url);
  await expect(
    visitorPage.getByRole('heading', { name: `${chinese} ${japanese}`.slice(0, 30) }),
  ).toBeVisible();
  await expect(visitorPage.getByText(`Echo: ${chinese} ${japanese}`)).toBeVisible();
  await expect(visitorPage.getByText(agent.name, { exact: true })).toBeVisible();
  await expect(visitorPage.getByText('Not for the link')).toHaveCount(0);

  // Continuing needs an account: the teammate signs in and comes back to a copy of their own.
  await visitorPage.getByRole('button', { name: s.sign_in_to_continue }).click();
  await expect(visitorPage).toHaveURL(/\/login\?redirect=/);
  await submitSignIn(visitorPage, teammate.email);
  await expect(visitorPage).toHaveURL(new RegExp(`/chat\\?agent_key=${agent.agent_key}&conversation_id=`));
  await expect(visitorPage.getByText(`Echo: ${chinese} ${japanese}`)).toBeVisible();
  await expect(visitorPage.getByText('Not for the link')).toHaveCount(0);
  // The copy is theirs to go on with.
  const theirBox = visitorPage.getByRole('textbox', { name: m.chat.message_label });
  await theirBox.fill('Continuing here');
  await theirBox.press('Enter');
  await expect(visitorPage.getByText('Echo: Continuing here')).toBeVisible();
  await visitor.close();

  // Revoked, the link says it no longer works.
  await page.getByRole('button', { name: s.button }).click();
  await dialog.getByRole('button', { name: s.revoke }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: s.revoke }).click();
  await expect(dialog.getByText(s.no_links)).toBeVisible();
  const late = await browser.newContext();
  const latePage = await late.newPage();
  await latePage.goto(url);
  await expect(latePage.getByText(s.not_found_title)).toBeVisible();
  await expect(latePage.getByText(m.error.share_not_found)).toBeVisible();
  await late.close();
});
