import { expect, type Page, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { projectWithDocument, signedInContext } from '../support/documents.ts';
import { MESSAGES } from '../support/messages.ts';

const m = MESSAGES['en-US'];
const s = m.knowledge_search;

test.use({ actionTimeout: 15_000 });
// Indexing waits for a few quiet seconds after each change, on a loaded machine: room, never a sleep.
test.describe.configure({ timeout: 90_000 });

/** A catalogue row's search index state, by the document's name. */
const indexStateOf = (page: Page, name: string) =>
  page
    .locator('.doc-tree .ant-tree-treenode')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('[data-index-state]');

test('searches a project’s titles and content and opens a hit', async ({ browser, request }) => {
  const owner = await registerWithToken(request, 'e2e-knowledge-search');
  const doc = await projectWithDocument(request, owner.token);
  await call(request, owner.token, 'POST', '/api/knowledge/save-online-doc', {
    doc_id: doc.id,
    format: 'markdown',
    content:
      '# Logbook\n\nThe zeppelin docks at the northern mast every Tuesday.\n\n## 天气\n\n明天上午有大雾，飞艇推迟起飞。',
  });
  const budget = await call<{ id: number }>(request, owner.token, 'POST', '/api/knowledge/create-doc', {
    project_id: doc.projectId,
    parent_id: null,
    name: 'Budget 2027',
    kind: 'doc',
  });
  await call(request, owner.token, 'POST', '/api/knowledge/save-online-doc', {
    doc_id: budget.id,
    format: 'markdown',
    content: 'Fuel and hangar rent come to most of the money.',
  });

  const context = await signedInContext(browser, owner.token);
  const page = await context.newPage();
  await page.goto(`/projects/space/${doc.projectCode}`);
  // Both documents are indexed a few seconds after their last change; the catalogue shows it by itself.
  for (const name of ['Field notes', 'Budget 2027']) {
    await expect(indexStateOf(page, name)).toHaveAttribute('data-index-state', 'ready', { timeout: 30_000 });
  }

  const box = page.getByRole('combobox', { name: s.label });
  await box.fill('zeppelin');
  const results = page.getByRole('listbox', { name: s.results });
  const hit = results.getByRole('option').filter({ hasText: 'Field notes' });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText(['zeppelin']);
  await page.screenshot({ path: test.info().outputPath('search-results.png') });

  // Chinese content, and a title: the document named "Budget 2027" is found by its name.
  await box.fill('大雾');
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option').locator('mark')).toHaveText(['大雾']);
  await box.fill('budget');
  await expect(results.getByRole('option').first()).toContainText('Budget 2027');
  await box.fill('nothing like this');
  await expect(page.getByText(s.empty.replace('{{query}}', 'nothing like this'))).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(results).toBeHidden();

  // The keyboard chooses and opens: the document's page with its text.
  await box.fill('northern mast');
  await expect(results.getByRole('option').first()).toContainText('Field notes');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/projects/${doc.uniqCode}$`));
  await expect(
    page.getByLabel(m.doc_editor.text).getByRole('heading', { level: 1, name: 'Logbook' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await context.close();
});
