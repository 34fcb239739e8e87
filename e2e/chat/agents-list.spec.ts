import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { fill, type LocaleTag, MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn } from '../support/sign-in.ts';

const c = MESSAGES['en-US'].chat;

test('the agents list: a first conversation lists its agent; add from the hub, quick start, remove', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerWithToken(request, 'e2e-agent-list');
  const planner = await publishedAgent(request, owner.token);
  const coder = await publishedAgent(request, owner.token);
  await signIn(page, owner.email);

  await page.goto('/chat');
  await expect(page.getByRole('link', { name: c.browse_hub })).toBeVisible();

  // Opening a chat with an agent never used lists it at once, before any message, and for good.
  await page.goto(`/chat?agent_key=${planner.agent_key}`);
  const list = page.getByRole('navigation', { name: c.agents });
  await expect(list.getByRole('button', { name: planner.name, exact: true })).toBeVisible();
  await expect(list.getByText(c.agents_empty)).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole('button', { name: planner.name, exact: true })).toBeVisible();
  const box = page.getByRole('textbox', { name: c.message_label });
  await box.fill('Hello');
  await box.press('Enter');
  await expect(page.getByText('Echo: Hello')).toBeVisible();
  await expect(list.getByRole('button', { name: planner.name, exact: true })).toBeVisible();

  await list.getByRole('button', { name: c.add_agent }).click();
  const dialog = dialogWith(page, c.add_agent_title);
  await dialog.getByRole('searchbox', { name: c.search_agents }).fill(coder.name);
  await dialog.getByRole('button', { name: `${c.add}: ${coder.name}` }).click();
  await expect(dialog.getByRole('button', { name: `${c.added}: ${coder.name}` })).toBeDisabled();
  await page.keyboard.press('Escape');
  await list.getByRole('button', { name: coder.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`agent_key=${coder.agent_key}$`));
  await expect(page.getByRole('heading', { name: coder.name })).toBeVisible();

  await list.getByRole('button', { name: fill(c.remove_agent_named, { name: planner.name }) }).click();
  await dialogWith(page, fill(c.remove_agent_title, { name: planner.name }))
    .getByRole('button', { name: c.remove })
    .click();
  await expect(list.getByRole('button', { name: planner.name, exact: true })).toHaveCount(0);

  await page.goto('/chat');
  await page.getByRole('button', { name: fill(c.start_chat_named, { name: coder.name }) }).click();
  await expect(page).toHaveURL(new RegExp(`agent_key=${coder.agent_key}$`));

  // The landing page shows where the user left off: the conversation with Planner, one click away.
  await page.goto('/chat');
  const recent = page.getByRole('region', { name: c.recent_title });
  const hello = recent.getByRole('link', { name: /Hello/ });
  await expect(hello).toContainText(planner.name);
  await hello.click();
  await expect(page).toHaveURL(new RegExp(`agent_key=${planner.agent_key}&conversation_id=`));
  await expect(page.getByText('Echo: Hello')).toBeVisible();
});

test('a new user’s chat landing page says where conversations will show and how to start', async ({
  page,
  request,
}) => {
  const newcomer = await registerWithToken(request, 'e2e-chat-landing');
  await signIn(page, newcomer.email);
  await page.goto('/chat');
  // Their team's default assistant first (first-run.spec.ts chats with it), then the hub.
  await expect(page.locator('.chat-landing-start')).toBeVisible();
  await page.getByRole('link', { name: c.browse_hub }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

const looks: [LocaleTag, 'light' | 'dark'][] = [
  ['en-US', 'light'],
  ['zh-CN', 'dark'],
  ['zh-TW', 'light'],
  ['ja-JP', 'dark'],
];
for (const [locale, colorScheme] of looks) {
  test(`the agents list and quick start read in ${locale} (${colorScheme})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const m = MESSAGES[locale].chat;
    const owner = await registerWithToken(request, `e2e-agent-list-${locale}`);
    const agent = await publishedAgent(request, owner.token);
    // The account's language, as the account centre saves it, and the system's theme.
    const configs = await call<{ language: { id: number; key: string }[] }>(
      request,
      owner.token,
      'GET',
      '/api/user/get-preference-configs',
    );
    const language = configs.language.find((row) => row.key === locale)!;
    await call(request, owner.token, 'POST', '/api/user/update-user-preference', {
      language_id: language.id,
      theme_id: 6,
    });
    const context = await browser.newContext({ locale, colorScheme });
    // Signed in as the sign-in page leaves it (its form is tested in English elsewhere).
    await context.addCookies([{ name: 'token', value: owner.token, url: test.info().project.use.baseURL! }]);
    const page = await context.newPage();
    await page.goto('/chat');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('.chat-landing-start')).toBeVisible();
    await page.getByRole('button', { name: m.add_agent }).click();
    const dialog = dialogWith(page, m.add_agent_title);
    await dialog.getByRole('button', { name: `${m.add}: ${agent.name}` }).click();
    await expect(dialog.getByRole('button', { name: `${m.added}: ${agent.name}` })).toBeDisabled();
    await page.screenshot({ path: test.info().outputPath(`add-dialog-${locale}.png`) });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: m.quick_start })).toBeVisible();
    await expect(
      page.getByRole('button', { name: fill(m.start_chat_named, { name: agent.name }) }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`quick-start-${locale}.png`) });
    await page.getByRole('button', { name: fill(m.start_chat_named, { name: agent.name }) }).click();
    await expect(page.getByRole('navigation', { name: m.agents })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`chat-${locale}.png`) });
    await context.close();
  });
}
