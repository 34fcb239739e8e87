import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { projectWithDocument } from '../support/documents.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';

const m = MESSAGES['en-US'];
const k = m.agent_knowledge;
const s = m.save_to_project;

// Indexing waits a few quiet seconds after each edit, and replies stream on a loaded machine.
test.describe.configure({ timeout: 120_000 });

test('an agent that knows a project cites the document, which opens; a reply is saved to the project', async ({
  page,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-agents-api');
  const { token } = owner;
  const doc = await projectWithDocument(request, token);
  await call(request, token, 'POST', '/api/knowledge/save-online-doc', {
    doc_id: doc.id,
    format: 'markdown',
    // The passage far down a long document: the citation opens the document at its heading.
    content: [
      '# Guide',
      ...Array.from({ length: 60 }, (_, i) => `Filler paragraph ${i} about the airfield.`),
      '## Landing',
      'The zeppelin lands at noon on pier 7.',
    ].join('\n\n'),
  });
  // Indexed within a few seconds of the edit: search finds it.
  await expect
    .poll(
      async () =>
        (
          await call<{ data: { doc_id: number }[] }>(
            request,
            token,
            'GET',
            `/api/knowledge/search?project_id=${doc.projectId}&query=zeppelin`,
          )
        ).data.length,
      { timeout: 30_000 },
    )
    .toBe(1);

  // The agent draws on the project and cites its sources.
  const agent = await publishedAgent(request, token);
  const { draft } = await call<{ draft: Record<string, unknown> }>(
    request,
    token,
    'GET',
    `/api/agent/get-agent-info?id=${agent.id}`,
  );
  await call(request, token, 'POST', '/api/agent/update-agent', {
    id: agent.id,
    config: { ...draft, knowledge_ids: [doc.projectId], cite_sources: true },
  });
  await call(request, token, 'POST', '/api/agent/publish-agent', { id: agent.id });

  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  const box = page.getByRole('textbox', { name: m.chat.message_label });
  await box.fill('Where does the zeppelin land?');
  await box.press('Enter');
  const sources = page.getByRole('complementary', { name: k.sources });
  await expect(sources).toBeVisible();
  await expect(sources.getByText('The zeppelin lands at noon on pier 7.')).toBeVisible();

  // The citation survives a reload, and opens the document it names.
  await page.reload();
  const source = page.getByRole('link', { name: fill(k.open_source, { n: 1, name: 'Field notes' }) });
  await expect(source).toBeVisible();
  await source.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${doc.uniqCode}\\?at=Landing$`));
  await expect(page.getByRole('heading', { name: 'Landing' })).toBeInViewport({ timeout: 20_000 });
  await expect(page.getByText('The zeppelin lands at noon on pier 7.')).toBeVisible();

  // Save the reply to the project: a new document, linked from the success message.
  await page.goBack();
  await page.getByRole('button', { name: s.reply }).last().click();
  const dialog = page.getByRole('dialog', { name: s.title });
  await dialog.getByRole('combobox', { name: s.project }).click();
  // antd draws the options apart from the listbox it gives screen readers.
  await page.locator('.ant-select-item-option').first().click();
  await dialog.getByRole('textbox', { name: s.name }).fill('Zeppelin answer');
  await dialog.getByRole('button', { name: s.save }).click();
  await expect(dialog.getByText(/Saved as a new document/)).toBeVisible();
  await dialog.getByRole('button', { name: s.open }).click();
  await expect(page).toHaveURL(/\/projects\/[\w-]+$/);
  await expect(page.getByText('Echo: Where does the zeppelin land? [1]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Field notes' })).toBeVisible();

  // Beside the document: the chat panel asks the agent about the open document.
  await page.goto(`/projects/${doc.uniqCode}`);
  await page.getByRole('button', { name: k.panel_open }).click();
  const panel = page.getByRole('dialog', { name: k.panel_title });
  await expect(panel.getByText(k.empty)).toBeVisible();
  const question = panel.getByRole('textbox', { name: m.chat.message_label });
  await question.fill('When does it land?');
  await question.press('Enter');
  await expect(panel.getByText('Echo: When does it land?')).toBeVisible();
  await expect(
    panel.getByRole('link', { name: fill(k.open_source, { n: 1, name: 'Field notes' }) }),
  ).toBeVisible();
});
