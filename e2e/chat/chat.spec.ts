import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn } from '../support/sign-in.ts';
import { TEST_MODEL_POINTS } from '../support/test-model.ts';

const c = MESSAGES['en-US'].chat;

test('chat with an agent: a streamed reply, regenerate, rename and delete the conversation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await registerWithToken(request, 'e2e-chat-api');
  const agent = await publishedAgent(request, owner.token);

  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  await expect(page.getByRole('heading', { name: agent.name })).toBeVisible();
  await expect(
    page.getByText(
      fill(c.points_per_message_other, {
        count: TEST_MODEL_POINTS,
      }),
    ),
  ).toBeVisible();

  const box = page.getByRole('textbox', { name: c.message_label });
  await box.fill('Hello there');
  await box.press('Enter');
  await expect(page.getByText('Echo: Hello there')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hello there', exact: true })).toBeVisible();
  // The free plan's points, less the reply's.
  await expect(page.getByText(fill(c.points_left, { points: 1000 - TEST_MODEL_POINTS }))).toBeVisible();

  await page.getByRole('button', { name: c.regenerate }).click();
  await expect(page.getByText('Echo: Hello there')).toBeVisible();
  await expect(page.getByRole('button', { name: c.regenerate })).toBeVisible();

  await page.getByRole('button', { name: fill(c.rename_named, { title: 'Hello there' }) }).click();
  const rename = dialogWith(page, c.rename_title);
  await rename.getByRole('textbox', { name: c.title_label }).fill('Greetings');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Greetings', exact: true })).toBeVisible();

  await page.getByRole('button', { name: fill(c.delete_named, { title: 'Greetings' }) }).click();
  await dialogWith(page, c.delete_title).getByRole('button', { name: c.delete }).click();
  await expect(page.getByText(c.no_conversations)).toBeVisible();
});
