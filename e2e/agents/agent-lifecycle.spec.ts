import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { maskEmail } from '../../packages/contract/src/contact-mask.ts';
import { registerAccount } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { clickAtRest } from '../support/menus.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn } from '../support/sign-in.ts';
import { apiToken, teamOfTwo } from '../support/teams.ts';
import { TEST_MODEL, TEST_MODEL_POINTS } from '../support/test-model.ts';

const m = MESSAGES['en-US'];
const a = m.agents;

test.use({ permissions: ['clipboard-read', 'clipboard-write'], actionTimeout: 15_000 });

const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const card = (page: Page, name: string) =>
  page.locator('article').filter({ has: page.getByRole('heading', { name }) });

test('an agent from a template to deletion: every editor section, debug, publish, search, share, off shelf', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(request);
  const viewer = await registerAccount(request);
  const ownerToken = await apiToken(request, owner.email, owner.password);
  await teamOfTwo(request, ownerToken, await apiToken(request, viewer.email, viewer.password));
  const [template] = await call<{ name: string; config: { prompt: string } }[]>(
    request,
    ownerToken,
    'GET',
    '/api/agent/get-agent-templates',
  );
  const agentName = `Trip helper ${randomBytes(3).toString('hex')}`;

  await signIn(page, owner.email);
  await page.getByRole('button', { name: a.hub.create }).first().click();
  await expect(page).toHaveURL(/\/agent\/index\/creation$/);

  // Nothing edited yet: nothing unsaved. A template fills in every section.
  const templateChoice = section(page, a.sections.template).getByRole('button', {
    name: new RegExp(template!.name),
  });
  await expect(templateChoice).toBeVisible();
  await expect(page.getByRole('combobox', { name: a.model.label })).toBeVisible();
  await expect(page.getByText(a.editor.state_unsaved)).toHaveCount(0);
  await templateChoice.click();
  await expect(page.getByRole('textbox', { name: a.prompt.label })).toHaveValue(template!.config.prompt);
  await expect(page.getByText(a.editor.state_unsaved)).toBeVisible();

  // Model, with its points per request.
  const model = section(page, a.sections.model);
  await model.getByRole('combobox').click();
  await expect(page.locator('.ant-select-item-option').filter({ hasText: TEST_MODEL })).toBeVisible();
  // The only model is the active option; Enter picks it without aiming at a list still sliding in.
  await page.keyboard.press('Enter');
  await expect(model.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  await expect(model.getByText(fill(a.model.points, { count: TEST_MODEL_POINTS }))).toBeVisible();

  // Basic information: a generated avatar, the name and the description.
  const basic = section(page, a.sections.basic);
  await basic.getByRole('button', { name: a.avatar.generate, exact: false }).click();
  await expect(basic.getByRole('button', { name: new RegExp(a.avatar.regenerate) })).toBeVisible();
  await basic.getByRole('textbox', { name: a.basic.name }).fill(agentName);
  await basic.getByRole('textbox', { name: a.basic.description }).fill('Plans trips day by day.');

  // Prompt: "optimize" streams a suggestion from the model on a common agent channel; it can be taken.
  const prompt = section(page, a.sections.prompt);
  await prompt.getByRole('button', { name: a.prompt.optimize }).click();
  const suggestion = prompt.getByRole('region', { name: a.prompt.suggestion });
  await expect(suggestion.getByText(/^Echo: /)).toBeVisible();
  await suggestion.getByRole('button', { name: a.prompt.use_suggestion }).click();
  await expect(page.getByRole('textbox', { name: a.prompt.label })).toHaveValue(/^Echo: /);
  await page.getByRole('textbox', { name: a.prompt.label }).fill('You plan trips. Answer briefly.');

  // First question and greeting.
  const opening = section(page, a.sections.opening);
  await opening.getByRole('textbox', { name: a.opening.first_question }).fill('Plan a weekend in Kyoto');
  await opening.getByRole('textbox', { name: a.opening.greeting }).fill('Hello! Where to?');

  // Knowledge bases are the team's projects (the user has none yet); access stays team private;
  // members need a saved agent.
  await expect(section(page, a.sections.knowledge).getByText(m.agent_knowledge.hint)).toBeVisible();
  await expect(
    section(page, a.sections.access).getByRole('radio', { name: new RegExp(a.access.team_private) }),
  ).toBeChecked();
  await expect(section(page, a.sections.members).getByText(a.members.save_first)).toBeVisible();
  await expect(section(page, a.sections.share).getByText(a.share.debug_body)).toBeVisible();

  // Advanced settings: a preset sets the sampling values; the toggles switch.
  const advanced = section(page, a.sections.advanced);
  await advanced.getByText(a.params.preset_stable, { exact: true }).click();
  await expect(advanced.getByRole('spinbutton', { name: a.params.temperature })).toHaveValue('0.3');
  await advanced.getByRole('switch', { name: a.options.suggest_questions }).click();

  // Preview and debug with the unsaved configuration, against the local test model.
  const debug = page.getByRole('complementary', { name: a.debug.title });
  await debug.getByRole('textbox', { name: a.debug.message }).fill('Hello there');
  await debug.getByRole('button', { name: a.debug.send }).click();
  await expect(debug.getByText('Echo: Hello there')).toBeVisible();
  await debug.getByRole('textbox', { name: a.debug.message }).fill('/params');
  await debug.getByRole('button', { name: a.debug.send }).click();
  await expect(debug.getByText(/temperature=0\.3 top_p=0\.8/)).toBeVisible();

  // Save the draft: the agent exists, and its members can be chosen; the debug chat and the chosen
  // template stay.
  await page.getByRole('button', { name: a.editor.save }).click();
  await expect(page).toHaveURL(/agent_id=\d+/);
  await expect(page.getByText(a.editor.state_saved, { exact: true })).toBeVisible();
  await expect(debug.getByText('Echo: Hello there')).toBeVisible();
  await expect(templateChoice).toHaveAttribute('aria-pressed', 'true');
  const members = section(page, a.sections.members);
  // The picker lists the agent's team by name, with addresses masked; the viewer joined as Grace Viewer.
  await members.getByRole('combobox', { name: a.members.choose }).click();
  const grace = page.locator('.ant-select-item-option').filter({ hasText: 'Grace Viewer' });
  await expect(grace).toContainText(maskEmail(viewer.email));
  await grace.click();
  await members.getByRole('button', { name: a.members.add }).click();
  await expect(members.locator('.member-cell').filter({ hasText: 'Grace Viewer' })).toContainText(
    maskEmail(viewer.email),
  );
  await expect(members.getByText(viewer.email)).toHaveCount(0);

  // Publish: now it can be shared.
  await page.getByRole('button', { name: new RegExp(`${a.editor.publish}$`) }).click();
  await expect(page.getByText(a.editor.state_published, { exact: true })).toBeVisible();
  const share = section(page, a.sections.share);
  await expect(share.getByRole('textbox', { name: a.share.link })).toHaveValue(/\/chat\?agent_key=/);
  await expect(share.getByRole('img', { name: a.share.qr_alt })).toBeVisible();

  // The hub finds it by search.
  await page.getByRole('link', { name: a.workspace.back }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('textbox', { name: a.hub.search }).fill(agentName.split(' ').pop()!);
  await expect(card(page, agentName)).toBeVisible();
  await expect(card(page, agentName).getByText(TEST_MODEL)).toBeVisible();

  // The viewer sees it in the team's agents and may chat with it, not edit it.
  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  await signIn(viewerPage, viewer.email);
  await expect(card(viewerPage, agentName)).toBeVisible();
  await expect(
    card(viewerPage, agentName).getByRole('button', { name: fill(a.actions.chat_with, { name: agentName }) }),
  ).toBeVisible();
  await expect(
    card(viewerPage, agentName).getByRole('button', {
      name: fill(a.actions.edit_named, { name: agentName }),
    }),
  ).toHaveCount(0);

  // The card opens the chat: a click on its body (its middle, the description), or Enter on the card.
  const chatAddress = /\/chat\?agent_key=/;
  await card(viewerPage, agentName).click();
  await expect(viewerPage).toHaveURL(chatAddress);
  await viewerPage.goBack();
  await card(viewerPage, agentName).getByRole('link', { name: agentName }).focus();
  await viewerPage.keyboard.press('Enter');
  await expect(viewerPage).toHaveURL(chatAddress);
  await viewerPage.goBack();

  // Off the shelf (the card's menu opens nothing else): it leaves the team's published agents; the
  // owner finds it among their own, marked.
  await card(page, agentName)
    .getByRole('button', { name: fill(a.actions.more, { name: agentName }) })
    .click();
  await clickAtRest(page.getByRole('menuitem', { name: a.actions.off_shelf }));
  await expect(card(page, agentName)).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('tab', { name: a.hub.tab_mine }).click();
  await expect(card(page, agentName).getByText(a.status.off_shelf)).toBeVisible();
  await viewerPage.reload();
  await expect(viewerPage.getByRole('heading', { name: m.route.dashboard, level: 1 })).toBeVisible();
  await expect(card(viewerPage, agentName)).toHaveCount(0);
  await viewerContext.close();

  // Delete, after the irreversible-deletion confirmation.
  await card(page, agentName)
    .getByRole('button', { name: fill(a.actions.more, { name: agentName }) })
    .click();
  await clickAtRest(page.getByRole('menuitem', { name: a.actions.delete }));
  const confirm = dialogWith(page, a.delete.body);
  await confirm.getByRole('button', { name: a.delete.confirm }).click();
  await expect(card(page, agentName)).toHaveCount(0);
});
