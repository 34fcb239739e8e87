import { expect, type Page, test } from '@playwright/test';
import { textPdf } from '../../apps/server/test/pdf-files.ts';
import { registerWithToken } from '../support/accounts.ts';
import { projectWithDocument, signedInContext } from '../support/documents.ts';
import { MESSAGES } from '../support/messages.ts';

/** The editor's layout where only a browser can tell: widths measured, not CSS asserted. */

const m = MESSAGES['en-US'];
const d = m.doc_editor;

test.describe.configure({ timeout: 90_000 });

const editorOf = (page: Page) => page.getByLabel(d.text);
const widthOf = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())?.width ?? 0;

async function openNewDocument(page: Page, request: Parameters<typeof registerWithToken>[0]) {
  const owner = await registerWithToken(request, 'e2e-editor-layout');
  const doc = await projectWithDocument(request, owner.token);
  await page
    .context()
    .addCookies([{ name: 'token', value: owner.token, url: test.info().project.use.baseURL! }]);
  await page.goto(`/projects/${doc.uniqCode}`);
  // Open for typing once the server's copy is in.
  await expect(editorOf(page)).toHaveAttribute('contenteditable', 'true', { timeout: 20_000 });
  return { owner, doc };
}

async function pickWidth(page: Page, label: string) {
  await page.getByRole('button', { name: d.page_width }).click();
  await page.getByRole('menuitem', { name: label }).click();
  await expect(page.getByRole('menuitem', { name: label })).toBeHidden();
}

test('at 1440 px wide and full width are different widths: a broader column, then the whole pane', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openNewDocument(page, request);
  const normal = await widthOf(page, '.doc-paper');
  await pickWidth(page, d.width_wide);
  const wide = await widthOf(page, '.doc-paper');
  await pickWidth(page, d.width_full);
  await expect.poll(() => widthOf(page, '.doc-paper')).toBeGreaterThan(wide + 150);
  const full = await widthOf(page, '.doc-paper');
  const pane = await widthOf(page, '.doc-page');
  expect(normal).toBeLessThanOrEqual(820);
  expect(wide).toBeGreaterThanOrEqual(normal);
  expect(wide).toBeLessThanOrEqual(1200);
  // The whole pane, edge to edge.
  expect(full).toBeGreaterThanOrEqual(pane - 1);
  // The outline opens beside it no more, but in a drawer.
  await page.getByRole('button', { name: d.toc }).first().click();
  await expect(page.getByRole('dialog', { name: d.toc })).toBeVisible();
});

test('the AI menu stays clear of the chat panel', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openNewDocument(page, request);
  await editorOf(page).click();
  await page.keyboard.type(
    'The harbour master opens the lock gates twice a day when the tide is high enough for the boats.',
  );
  await page.getByRole('button', { name: m.agent_knowledge.panel_open }).click();
  const panel = page.locator('.ant-drawer-content-wrapper');
  await expect(panel).toBeVisible();
  const panelLeft = (await panel.boundingBox())!.x;
  // The page has made room for the panel (its text laid out again).
  await expect
    .poll(async () => {
      const box = (await page.locator('.doc-page').boundingBox())!;
      return box.x + box.width;
    })
    .toBeLessThanOrEqual(panelLeft);
  // The last word of the first line, at the paper's right edge (where the panel begins).
  const firstLineEnd = await editorOf(page).evaluate((element) => {
    const text = element.querySelector('p')!.firstChild!;
    const words = text.textContent!.matchAll(/\S+/g);
    let first: DOMRect | undefined;
    let last = { x: 0, y: 0 };
    for (const word of words) {
      const range = document.createRange();
      range.setStart(text, word.index!);
      range.setEnd(text, word.index! + word[0].length);
      const box = range.getBoundingClientRect();
      first ??= box;
      if (box.top > first.top + first.height / 2) break;
      last = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    }
    return last;
  });
  await page.mouse.dblclick(firstLineEnd.x, firstLineEnd.y);
  const menu = page.getByRole('toolbar', { name: m.ai_writing.menu });
  await expect(menu).toBeVisible();
  await expect
    .poll(async () => (await menu.boundingBox())!.x + (await menu.boundingBox())!.width)
    .toBeLessThanOrEqual(panelLeft);
  await expect(menu.getByRole('button', { name: m.ai_writing.add_to_chat })).toBeInViewport({ ratio: 1 });
});

test('at 390 px every tool of the editor toolbar is in sight', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openNewDocument(page, request);
  const toolbar = page.getByRole('toolbar', { name: d.toolbar });
  await expect(toolbar).toBeVisible();
  const tools = toolbar.locator('button, .ant-select');
  expect(await tools.count()).toBeGreaterThanOrEqual(18);
  for (const tool of await tools.all()) {
    const box = (await tool.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // Nothing hidden sideways either.
  expect(await toolbar.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
    0,
  );
});

test('a PDF zoomed to 200% fits a phone width again after the window narrows', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-pdf-resize');
  const { projectId } = await projectWithDocument(request, owner.token);
  const uploaded = await request.post('/api/knowledge/upload-pdf', {
    headers: { authorization: `Bearer ${owner.token}` },
    multipart: {
      project_id: String(projectId),
      file: { name: 'Tides.pdf', mimeType: 'application/pdf', buffer: await textPdf(['High tide at noon.']) },
    },
  });
  const pdf = (await uploaded.json()).data as { uniq_code: string };
  const context = await signedInContext(browser, owner.token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/projects/pdf/${pdf.uniq_code}`);
  const canvas = page.locator('.react-pdf__Page__canvas');
  await expect(canvas).toBeVisible();
  const zoomIn = page.getByRole('button', { name: m.knowledge_pdf.viewer.zoom_in });
  const zoom = page.locator('.pdf-viewer__zoom');
  for (let i = 0; i < 6 && !(await zoom.textContent())?.includes('200%'); i++) await zoomIn.click();
  await expect(zoom).toContainText('200%');

  await page.setViewportSize({ width: 390, height: 844 });
  const stage = page.locator('.pdf-viewer__stage');
  await expect
    .poll(async () => (await canvas.boundingBox())!.width)
    .toBeLessThanOrEqual(await stage.evaluate((element) => element.clientWidth));
  await expect(zoom).not.toContainText('200%');
  await context.close();
});
