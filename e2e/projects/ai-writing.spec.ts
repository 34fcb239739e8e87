import { expect, type Page, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import {
  expectOnServer,
  projectWithDocument,
  signedInContext,
  typeParagraphs,
} from '../support/documents.ts';
import { MESSAGES } from '../support/messages.ts';
import { teamOfTwo } from '../support/teams.ts';
import { SLOW_TEST_MODEL, TEST_MODEL_POINTS } from '../support/test-model.ts';

const m = MESSAGES['en-US'].ai_writing;
const k = MESSAGES['en-US'].agent_knowledge;
const chat = MESSAGES['en-US'].chat;
const editorText = MESSAGES['en-US'].doc_editor.text;

// Documents open on a loaded machine over a websocket: give each test room, never a sleep.
test.describe.configure({ timeout: 180_000 });

const editorOf = (page: Page) => page.getByLabel(editorText);
const menuOf = (page: Page) => page.getByRole('toolbar', { name: m.menu });
const previewOf = (page: Page) => page.getByRole('region', { name: m.preview });

async function openDocument(page: Page, uniqCode: string) {
  await page.goto(`/projects/${uniqCode}`);
  await expect(page.getByText(MESSAGES['en-US'].doc_editor.status_saved)).toBeVisible({ timeout: 20_000 });
}

/** Selects a paragraph's whole text: by keyboard in an editor, with the mouse where there is no caret. */
async function select(page: Page, text: string, how: 'keys' | 'mouse' = 'keys') {
  // A collaborator's caret label may sit in the paragraph too.
  const paragraph = editorOf(page).locator('p', { hasText: text }).first();
  if (how === 'mouse') {
    await paragraph.click({ clickCount: 3 });
  } else {
    // Its top left corner: the menu of a selection below may cover the rest.
    await paragraph.click({ position: { x: 2, y: 2 } });
    // The caret has left any earlier selection: a menu still over it is not this selection's.
    await expect(menuOf(page)).toBeHidden();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
  }
  await expect(menuOf(page)).toBeVisible();
}

/** The text of each paragraph, without the collaborators' caret labels. */
const paragraphsOf = (page: Page) =>
  editorOf(page)
    .locator('p')
    .evaluateAll((paragraphs) =>
      paragraphs.map((paragraph) => {
        const copy = paragraph.cloneNode(true) as HTMLElement;
        for (const caret of Array.from(copy.querySelectorAll('.collaboration-carets__caret'))) caret.remove();
        return copy.textContent;
      }),
    );

/** The fake model's answer for a task: `**<task>** (N) <selection>`, shown as Markdown. */
const answer = (task: string, selection: string) =>
  new RegExp(`^${task.replace(/[()]/g, '\\$&')} \\(\\d+\\) ${selection}$`);

async function expectDone(page: Page, task: string, selection: string) {
  const preview = previewOf(page);
  await expect(preview.getByRole('status')).toHaveText(m.phase.done);
  await expect(preview.locator('.chat-markdown')).toHaveText(answer(task, selection));
  await expect(preview.locator('.chat-markdown strong')).toHaveText(task);
}

const balanceOf = async (page: Page, token: string) =>
  (
    await call<{
      current_team_ver: { numerical_auth: { points_quota: { points_quota_surplus_numerical: number } } };
    }>(page.request, token, 'GET', '/api/user/account')
  ).current_team_ver.numerical_auth.points_quota.points_quota_surplus_numerical;

test('rewrite, explain and summary on a selection: try again, accept, insert below, overwrite; a collaborator sees only what is accepted', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-ai-owner');
  const colleague = await registerWithToken(request, 'e2e-ai-colleague');
  await teamOfTwo(request, owner.token, colleague.token);
  const doc = await projectWithDocument(request, owner.token, { access: 'team_public' });
  const [first, second] = [
    await signedInContext(browser, owner.token),
    await signedInContext(browser, colleague.token),
  ];
  const [page, other] = [await first.newPage(), await second.newPage()];
  await openDocument(page, doc.uniqCode);
  await openDocument(other, doc.uniqCode);
  await editorOf(page).click();
  await typeParagraphs(page, [
    'The launch slipped a week.',
    'Marketing waits for the date.',
    'Support is ready.',
  ]);
  await expect(editorOf(other)).toContainText('Support is ready.');
  const pointsBefore = await balanceOf(page, owner.token);

  // Rewrite, simplified: the preview streams under the selection, then try again, then accept.
  await select(page, 'The launch slipped a week.');
  await menuOf(page).getByRole('button', { name: m.rewrite }).click();
  await menuOf(page).getByRole('button', { name: m.mode.simplify }).click();
  await expectDone(page, 'Rewrite (simplify)', 'The launch slipped a week.');
  const firstTake = await previewOf(page).locator('.chat-markdown').textContent();
  // The other person sees neither the preview nor the result.
  await expect(previewOf(other)).toHaveCount(0);
  await expect(editorOf(other)).not.toContainText('Rewrite (simplify)');

  await previewOf(page).getByRole('button', { name: m.retry }).click();
  await expectDone(page, 'Rewrite (simplify)', 'The launch slipped a week.');
  await expect(previewOf(page).locator('.chat-markdown')).not.toHaveText(firstTake!);
  const secondTake = (await previewOf(page).locator('.chat-markdown').textContent())!;
  await previewOf(page).getByRole('button', { name: m.accept }).click();
  await expect(previewOf(page)).toHaveCount(0);
  // Accepted: the selection is replaced, Markdown as formatting, for everyone.
  await expect(editorOf(page).locator('p', { hasText: secondTake })).toHaveCount(1);
  await expect(editorOf(other).locator('p strong', { hasText: 'Rewrite (simplify)' })).toBeVisible();
  await expect(editorOf(other)).toContainText(secondTake);
  await expect(editorOf(page)).not.toContainText('The launch slipped a week.The launch');

  // Explain, inserted below: the original stays, the result follows it.
  await select(page, 'Marketing waits for the date.');
  await menuOf(page).getByRole('button', { name: m.explain }).click();
  await expectDone(page, 'Explain', 'Marketing waits for the date.');
  await previewOf(page).getByRole('button', { name: m.insert_below }).click();
  await expect
    .poll(() => paragraphsOf(other))
    .toEqual([
      secondTake,
      'Marketing waits for the date.',
      expect.stringMatching(answer('Explain', 'Marketing waits for the date.')),
      'Support is ready.',
    ]);

  // Summary of a word, overwriting the whole paragraph it is in.
  await editorOf(page).locator('p', { hasText: 'Support is ready.' }).click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'ready.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await menuOf(page).getByRole('button', { name: m.summary }).click();
  await expectDone(page, 'Summary', 'ready.');
  await previewOf(page).getByRole('button', { name: m.overwrite }).click();
  await expect.poll(async () => (await paragraphsOf(other)).at(-1)).toMatch(answer('Summary', 'ready.'));
  await expect(editorOf(other)).not.toContainText('Support is');

  // 4 requests, each the writing model’s points (the test model’s, the first).
  expect(pointsBefore - (await balanceOf(page, owner.token))).toBe(4 * TEST_MODEL_POINTS);
  await expectOnServer(request, owner.token, doc.uniqCode, 'Summary');
  await Promise.all([first.close(), second.close()]);
});

test('every other rewrite mode and every language asks for its own task; Escape keeps the original, Enter accepts', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-ai-owner');
  const doc = await projectWithDocument(request, owner.token);
  const context = await signedInContext(browser, owner.token);
  const page = await context.newPage();
  await openDocument(page, doc.uniqCode);
  await editorOf(page).click();
  await typeParagraphs(page, [
    'The launch slipped a week.',
    'Marketing waits for the date.',
    'Support is ready.',
  ]);

  // Every other rewrite mode and every language: each asks for its own task; Escape keeps the original
  // and its selection, with the menu back over it.
  await select(page, 'Marketing waits for the date.');
  const tasks: [string, string, string][] = [
    [m.rewrite, m.mode.beautify, 'Rewrite (beautify)'],
    [m.rewrite, m.mode.expand, 'Rewrite (expand)'],
    [m.rewrite, m.mode.popularize, 'Rewrite (popularize)'],
    [m.translate, m.language.zh, 'Translate into Chinese (Simplified)'],
    [m.translate, m.language.en, 'Translate into English'],
    [m.translate, m.language.ja, 'Translate into Japanese'],
    [m.translate, m.language.ko, 'Translate into Korean'],
    [m.translate, m.language.fr, 'Translate into French'],
    [m.translate, m.language.de, 'Translate into German'],
  ];
  for (const [button, item, task] of tasks) {
    await menuOf(page).getByRole('button', { name: button }).click();
    await menuOf(page).getByRole('button', { name: item, exact: true }).click();
    await expectDone(page, task, 'Marketing waits for the date.');
    await page.keyboard.press('Escape');
    await expect(previewOf(page)).toHaveCount(0);
    await expect(menuOf(page)).toBeVisible();
    expect(await page.evaluate(() => getSelection()?.toString())).toBe('Marketing waits for the date.');
  }
  expect((await paragraphsOf(page))[1]).toBe('Marketing waits for the date.');

  // Enter accepts.
  await menuOf(page).getByRole('button', { name: m.translate }).click();
  await menuOf(page).getByRole('button', { name: m.language.fr, exact: true }).click();
  await expectDone(page, 'Translate into French', 'Marketing waits for the date.');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await paragraphsOf(page))[1])
    .toMatch(answer('Translate into French', 'Marketing waits for the date.'));

  await expectOnServer(request, owner.token, doc.uniqCode, 'Translate into French');
  await context.close();
});

test('a reader may explain, summarise and translate, but not rewrite or change the document', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-ai-owner');
  const reader = await registerWithToken(request, 'e2e-ai-reader');
  await teamOfTwo(request, owner.token, reader.token);
  const doc = await projectWithDocument(request, owner.token, {
    access: 'team_public',
    team_permission: 'viewer',
  });
  const writer = await (await signedInContext(browser, owner.token)).newPage();
  await openDocument(writer, doc.uniqCode);
  await editorOf(writer).click();
  await writer.keyboard.type('Tides turn twice a day.');
  await expectOnServer(request, owner.token, doc.uniqCode, 'Tides turn twice a day.');

  const context = await signedInContext(browser, reader.token);
  const page = await context.newPage();
  await page.goto(`/projects/${doc.uniqCode}`);
  await expect(editorOf(page)).toContainText('Tides turn twice a day.');
  await select(page, 'Tides turn twice a day.', 'mouse');
  await expect(menuOf(page).getByRole('button', { name: m.rewrite })).toHaveCount(0);
  await menuOf(page).getByRole('button', { name: m.explain }).click();
  await expectDone(page, 'Explain', 'Tides turn twice a day.');
  await expect(previewOf(page).getByRole('button', { name: m.accept })).toHaveCount(0);
  await expect(previewOf(page).getByRole('button', { name: m.insert_below })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(previewOf(page)).toBeVisible();
  await previewOf(page).getByRole('button', { name: m.close }).click();
  await expect(previewOf(page)).toHaveCount(0);
  expect(await paragraphsOf(writer)).toEqual(['Tides turn twice a day.']);
  await context.close();
  await writer.context().close();
});

test('quote and add to chat hand a selection to the chat beside the document, which sends it and streams the reply', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-ai-owner');
  const doc = await projectWithDocument(request, owner.token);
  const launch = 'The launch moved to the second week of May.';
  const support = 'Support answers from nine to five.';
  const ask = 'Which date should the release notes give, and where should customers write until then?';
  await call(request, owner.token, 'POST', '/api/knowledge/save-online-doc', {
    doc_id: doc.id,
    format: 'markdown',
    content: `${launch}\n\n${support}`,
  });
  // The slow test model: the reply is still streaming when the test looks at it.
  const agent = await publishedAgent(request, owner.token, { model: SLOW_TEST_MODEL });
  await call(request, owner.token, 'POST', '/api/chat/add-agent', { agent_id: agent.id });
  const context = await signedInContext(browser, owner.token);
  const page = await context.newPage();
  await openDocument(page, doc.uniqCode);
  await expect(editorOf(page)).toContainText(support);

  // Quote: the panel opens with the selection quoted in the question, the cursor after it.
  await select(page, launch);
  await menuOf(page).getByRole('button', { name: m.quote }).click();
  const panel = page.getByRole('dialog', { name: k.panel_title });
  await expect(panel.getByText(`${k.reads_document}: Field notes`)).toBeVisible();
  await expect(panel.getByRole('combobox', { name: k.choose_agent })).toBeVisible();
  const question = panel.getByRole('textbox', { name: chat.message_label });
  await expect(question).toHaveValue(`> ${launch}\n\n`);
  await expect(question).toBeFocused();
  // Beside the document, not over it: the text ends before the panel begins.
  const [text, side] = [await editorOf(page).boundingBox(), await panel.boundingBox()];
  expect(text!.x + text!.width).toBeLessThanOrEqual(side!.x);

  // Add to chat: the selection waits above the question, which keeps its quote.
  await select(page, support);
  await menuOf(page).getByRole('button', { name: m.add_to_chat }).click();
  await expect(panel.getByText(k.added_context)).toBeVisible();
  await expect(panel.locator('blockquote', { hasText: support })).toBeVisible();
  await expect(question).toHaveValue(`> ${launch}\n\n`);

  await question.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(ask);
  await page.keyboard.press('Enter');
  // Sent: the added text goes first, then the question with its quote; the box and the addition clear.
  const sent = panel.locator('.chat-message.is-user');
  await expect(sent).toContainText(`> ${support} > ${launch} ${ask}`);
  await expect(panel.getByText(k.added_context)).toHaveCount(0);
  await expect(question).toHaveValue('');

  // The reply streams in, word by word, with Stop on offer, then stands whole.
  const reply = panel.locator('.chat-message.is-assistant');
  await expect(panel.getByRole('button', { name: chat.stop })).toBeVisible();
  await expect(
    panel.locator('.chat-message.is-assistant[aria-busy="true"]', { hasText: /^Echo: >/ }),
  ).toBeVisible();
  await expect(reply).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(panel.getByRole('button', { name: chat.stop })).toHaveCount(0);
  await expect(reply.locator('p').first()).toHaveText(`Echo: > ${support}`);
  await expect(reply.locator('blockquote')).toHaveText(launch);
  await expect(reply).toContainText(ask);
  await context.close();
});
