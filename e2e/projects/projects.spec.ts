import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerAccount } from '../support/accounts.ts';
import { clickAtRest, clickInSubmenu } from '../support/menus.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { dialogWith, signIn } from '../support/sign-in.ts';
import { apiToken, teamOfTwo } from '../support/teams.ts';

const m = MESSAGES['en-US'];
const p = m.projects;

test.use({ actionTimeout: 15_000 });

const tree = (page: Page) => page.locator('.doc-tree');
/** A catalogue entry's row, by its name as shown. */
const entry = (page: Page, name: string) =>
  tree(page)
    .locator('.ant-tree-treenode')
    .filter({ has: page.getByText(name, { exact: true }) });
const entryNames = (page: Page) => tree(page).locator('.doc-tree__name').allTextContents();

async function menuAction(page: Page, name: string, action: string) {
  await entry(page, name).hover();
  await page.getByRole('button', { name: fill(p.tree.more, { name }) }).click();
  await clickAtRest(page.getByRole('menuitem', { name: action }));
}

/** Names a new entry in the dialog the toolbar or an entry's menu opened. */
async function nameEntry(page: Page, title: string, name: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel(p.tree.name).fill(name);
  await dialog.getByRole('button', { name: p.tree.create }).click();
  await expect(dialog).toBeHidden();
}

/** A new document opens in the editor; back to the catalogue, which shows it. */
async function backFromNewDocument(page: Page) {
  await expect(page).toHaveURL(/\/projects\/(?!space\/)[^/?]+$/);
  await page.goBack();
  await expect(tree(page)).toBeVisible();
}

/**
 * Drags one entry onto another the way a hand would: over its lower half and further right than it started
 * (`inside`), or over its lower half straight down (after it).
 */
async function drag(from: Locator, to: Locator, { inside }: { inside: boolean }) {
  const source = await from.locator('.ant-tree-node-content-wrapper').boundingBox();
  const target = await to.locator('.ant-tree-node-content-wrapper').boundingBox();
  if (!source || !target) throw new Error('entry not on screen');
  await from.locator('.ant-tree-node-content-wrapper').dragTo(to.locator('.ant-tree-node-content-wrapper'), {
    sourcePosition: { x: 20, y: source.height / 2 },
    targetPosition: { x: inside ? 80 : 20, y: target.height * 0.75 },
  });
}

const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);

test('a project from its gallery cover to deletion: search, a catalogue built, moved, renamed, copied and deleted', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await registerAccount(request);
  const member = await registerAccount(request);
  await teamOfTwo(
    request,
    await apiToken(request, owner.email, owner.password),
    await apiToken(request, member.email, member.password),
  );
  const name = `Handbook ${randomBytes(3).toString('hex')}`;

  await signIn(page, owner.email);
  await page.goto('/projects');
  await expect(page.getByText(p.list.empty)).toBeVisible();

  // A project with a cover from the gallery's scenery.
  await page.getByRole('button', { name: p.list.create }).first().click();
  const form = page.getByRole('dialog', { name: p.form.create_title });
  await form.getByLabel(p.form.name).fill(name);
  await form.getByLabel(p.form.description).fill('How our team works');
  await form.getByRole('tab', { name: p.cover.tab_scenery }).click();
  const cover = form.getByRole('radio', {
    name: fill(p.cover.choose, { category: p.cover.tab_scenery, number: 3 }),
  });
  await cover.check({ force: true });
  await expect(cover).toBeChecked();
  await form.getByRole('button', { name: p.form.create_submit }).click();
  await expect(page.getByText(fill(p.form.created, { name }))).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/space\/[\w-]+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(p.space.empty)).toBeVisible();

  // Found by searching the list.
  await page.getByRole('link', { name: p.space.back }).click();
  await page.getByLabel(p.list.search).fill('nothing like it');
  await expect(page.getByText(fill(p.list.no_results, { keyword: 'nothing like it' }))).toBeVisible();
  await page.getByLabel(p.list.search).fill(name.slice(-6));
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.locator('img.project-cover')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  await card.getByRole('link', { name }).click();

  // A catalogue: two documents (one unnamed), a group with a group and a document inside.
  await page.getByRole('button', { name: p.toolbar.new_doc }).first().click();
  await nameEntry(page, p.tree.new_doc_title, 'Welcome');
  await backFromNewDocument(page);
  await page.getByRole('button', { name: p.toolbar.new_doc }).click();
  await page
    .getByRole('dialog', { name: p.tree.new_doc_title })
    .getByRole('button', { name: p.tree.create })
    .click();
  await backFromNewDocument(page);
  await expect(entry(page, p.untitled_doc)).toBeVisible();
  await page.getByRole('button', { name: p.toolbar.new_group }).click();
  await nameEntry(page, p.tree.new_group_title, 'Plans');
  await menuAction(page, 'Plans', p.tree.new_group_inside);
  await nameEntry(page, p.tree.new_group_title, 'Drafts');
  await menuAction(page, 'Plans', p.tree.new_doc_inside);
  await nameEntry(page, p.tree.new_doc_title, 'Roadmap');
  // Back in the catalogue the group it went into is open, as it was left.
  await backFromNewDocument(page);
  await expect
    .poll(() => entryNames(page))
    .toEqual(['Welcome', p.untitled_doc, 'Plans', 'Drafts', 'Roadmap']);

  // Dragged into a group; a group dragged into its own child does not move, and says why.
  await drag(entry(page, 'Welcome'), entry(page, 'Plans'), { inside: true });
  await expect(page.getByText(fill(p.done.moved_one, { count: 1, destination: 'Plans' }))).toBeVisible();
  await expect
    .poll(() => entryNames(page))
    .toEqual([p.untitled_doc, 'Plans', 'Drafts', 'Roadmap', 'Welcome']);
  await drag(entry(page, 'Plans'), entry(page, 'Drafts'), { inside: true });
  await expect(page.getByText(p.tree.move_into_itself)).toBeVisible();
  await expect
    .poll(() => entryNames(page))
    .toEqual([p.untitled_doc, 'Plans', 'Drafts', 'Roadmap', 'Welcome']);

  // Renamed: the name is shown as it will be kept.
  await menuAction(page, p.untitled_doc, p.tree.rename);
  const rename = page.getByRole('dialog', { name: fill(p.tree.rename_title, { name: p.untitled_doc }) });
  await rename.getByLabel(p.tree.name).fill('Notes: week/1');
  await expect(rename.getByText(fill(p.tree.name_cleaned, { name: 'Notes- week-1' }))).toBeVisible();
  await rename.getByRole('button', { name: p.tree.rename }).click();
  await expect(entry(page, 'Notes- week-1')).toBeVisible();

  // A group copied with everything in it.
  await menuAction(page, 'Plans', p.tree.copy);
  await expect(page.getByText(fill(p.done.group_copied, { name: 'Plans' }))).toBeVisible();
  await expect.poll(async () => (await entryNames(page)).filter((text) => text === 'Roadmap').length).toBe(2);
  await expect.poll(async () => (await entryNames(page)).filter((text) => text === 'Welcome').length).toBe(2);

  // One entry deleted, after the dialog counts the documents a group holds.
  const copyName = (await entryNames(page)).find((text) => text.includes('Plans') && text !== 'Plans')!;
  await menuAction(page, copyName, p.tree.delete);
  const deleteGroup = page.getByRole('dialog', { name: fill(p.delete_docs.title_group, { name: copyName }) });
  await expect(deleteGroup.getByText(fill(p.delete_docs.body_with_groups_other, { count: 2 }))).toBeVisible();
  await deleteGroup.getByRole('button', { name: p.delete_docs.confirm }).click();
  await expect
    .poll(() => entryNames(page))
    .toEqual(['Notes- week-1', 'Plans', 'Drafts', 'Roadmap', 'Welcome']);

  // Batch: nothing can be done until something is selected.
  await page.getByRole('button', { name: p.toolbar.batch }).click();
  const bar = page.getByRole('toolbar', { name: p.batch.toolbar });
  for (const action of [p.batch.move, p.batch.download, p.batch.delete]) {
    await expect(bar.getByRole('button', { name: action })).toBeDisabled();
  }
  await entry(page, 'Notes- week-1').locator('.ant-tree-checkbox').click();
  await entry(page, 'Drafts').locator('.ant-tree-checkbox').click();
  await expect(bar.getByText(fill(p.batch.selected_other, { count: 2 }))).toBeVisible();
  await bar.getByRole('button', { name: p.batch.delete }).click();
  await dialogWith(page, fill(p.delete_docs.title_many_other, { count: 2 }))
    .getByRole('button', { name: p.delete_docs.confirm })
    .click();
  await expect(page.getByText(fill(p.done.deleted_many_other, { count: 2 }))).toBeVisible();
  await expect.poll(() => entryNames(page)).toEqual(['Plans', 'Roadmap', 'Welcome']);

  // The project goes once its name is typed; a wrong name says it cannot.
  await page.getByRole('button', { name: p.space.delete }).click();
  const confirm = dialogWith(page, fill(p.delete.title, { name }));
  await confirm.getByLabel(fill(p.delete.prompt, { name })).fill(`${name}x`);
  await expect(confirm.getByRole('alert')).toHaveText(m.error.project_name_mismatch);
  await expect(confirm.getByRole('button', { name: p.delete.confirm })).toBeDisabled();
  await confirm.getByLabel(fill(p.delete.prompt, { name })).fill(name);
  await confirm.getByRole('button', { name: p.delete.confirm }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByText(fill(p.delete.done, { name }))).toBeVisible();
  await expect(page.getByRole('article', { name })).toHaveCount(0);
});

test('a viewer sees the catalogue without edit controls, and a phone shows both screens without sideways scroll', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerAccount(request);
  const viewer = await registerAccount(request);
  await teamOfTwo(
    request,
    await apiToken(request, owner.email, owner.password),
    await apiToken(request, viewer.email, viewer.password),
  );
  const name = `Field notes ${randomBytes(3).toString('hex')}`;

  // The owner makes the project readable by the whole team, read-only.
  await signIn(page, owner.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: p.list.create }).first().click();
  const form = page.getByRole('dialog', { name: p.form.create_title });
  await form.getByLabel(p.form.name).fill(name);
  await form.getByRole('button', { name: p.form.create_submit }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: p.toolbar.new_doc }).first().click();
  await nameEntry(page, p.tree.new_doc_title, 'Read me');
  await backFromNewDocument(page);
  await page.getByRole('button', { name: p.space.members }).click();
  const members = page.getByRole('dialog', { name: fill(p.members.title, { name }) });
  await members.getByRole('combobox', { name: p.members.team_may }).click();
  await page.getByRole('option', { name: p.members.team_view }).click();
  await expect(page.getByText(p.members.access_saved)).toBeVisible();
  // The footer's button (the corner's × is named Close too).
  await members.getByRole('button', { name: m.common.close }).last().click();
  await expect(members).toBeHidden();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await signIn(phone, viewer.email);
  await phone.goto('/projects');
  const card = phone.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await noSidewaysScroll(phone);
  await card.getByRole('link', { name }).click();
  await expect(phone.getByRole('heading', { name })).toBeVisible();
  await expect(entry(phone, 'Read me')).toBeVisible();
  await expect(phone.getByText(fill(p.space.your_role, { role: p.role.viewer }))).toBeVisible();
  for (const control of [
    p.toolbar.new_doc,
    p.toolbar.new_group,
    p.toolbar.import,
    p.space.edit,
    p.space.members,
  ]) {
    await expect(phone.getByRole('button', { name: control })).toHaveCount(0);
  }
  await phone.getByRole('button', { name: fill(p.tree.more, { name: 'Read me' }) }).click();
  await expect(phone.getByRole('menuitem')).toHaveText([p.tree.download]);
  await phone.keyboard.press('Escape');
  await noSidewaysScroll(phone);
  await context.close();
});

test('files become documents by import (a picture is refused before sending), and documents download one by one or as a zip', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerAccount(request);
  const name = `Imports ${randomBytes(3).toString('hex')}`;
  await signIn(page, owner.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: p.list.create }).first().click();
  const form = page.getByRole('dialog', { name: p.form.create_title });
  await form.getByLabel(p.form.name).fill(name);
  await form.getByRole('button', { name: p.form.create_submit }).click();
  await expect(page.getByText(p.space.empty)).toBeVisible();

  const fileInput = page.locator('.catalogue input[type="file"]');
  await fileInput.setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a document'),
  });
  await expect(page.getByText(fill(p.import.wrong_type, { name: 'photo.png' }))).toBeVisible();
  await expect(page.getByText(p.space.empty)).toBeVisible();

  await fileInput.setInputFiles({
    name: 'Meeting notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Meeting notes\n\n- Ship the catalogue\n- Check the covers\n'),
  });
  await expect(page.getByText(fill(p.import.done, { name: 'Meeting notes.md' }))).toBeVisible();
  await expect(entry(page, 'Meeting notes')).toBeVisible();

  const single = page.waitForEvent('download');
  await entry(page, 'Meeting notes').hover();
  await page.getByRole('button', { name: fill(p.tree.more, { name: 'Meeting notes' }) }).click();
  await clickInSubmenu(page, p.tree.download, p.format.md);
  const markdown = await single;
  expect(markdown.suggestedFilename()).toBe('Meeting notes.md');

  await page.getByRole('button', { name: p.toolbar.batch }).click();
  await entry(page, 'Meeting notes').locator('.ant-tree-checkbox').click();
  const zip = page.waitForEvent('download');
  await page
    .getByRole('toolbar', { name: p.batch.toolbar })
    .getByRole('button', { name: p.batch.download })
    .click();
  await clickAtRest(page.getByRole('menuitem', { name: p.format.html }));
  expect((await zip).suggestedFilename()).toMatch(/\.zip$/);
});
