import { expect, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';

const c = MESSAGES['en-US'].chat;

test('a new user chats with their team’s default assistant at once, on the platform’s model', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await registerAccount(request);
  await signIn(page, account.email);

  await page.goto('/chat');
  // The first screen offers the team's assistant (named in the owner's language when it was made).
  const start = page.locator('.chat-landing-start');
  await expect(start).toBeVisible();
  await start.click();
  await expect(page).toHaveURL(/agent_key=/);

  const box = page.getByRole('textbox', { name: c.message_label });
  await box.fill('Hello, assistant');
  await box.press('Enter');
  await expect(page.getByText('Echo: Hello, assistant')).toBeVisible();
  // Its chat offers the platform's models, each at its price.
  await expect(page.getByRole('combobox', { name: c.model_picker })).toBeVisible();
});
