import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { cjkFontlessPdf, scannedPdf, textPdf } from '../../apps/server/test/pdf-files.ts';
import { registerAccount } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';
import { apiToken } from '../support/teams.ts';

const m = MESSAGES['en-US'];
const k = m.knowledge_pdf;

test.use({ actionTimeout: 15_000 });

const UPLOAD = '/api/knowledge/upload-pdf';

/** The zoom the viewer's toolbar shows, as a number (percent). */
const zoomOf = async (page: Page) =>
  Number((await page.locator('.pdf-viewer__zoom').textContent())?.replace(/\D/g, ''));

test('three PDFs uploaded with their progress and a scan refused; one opened, paged and zoomed', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await registerAccount(request);
  const token = await apiToken(request, owner.email, owner.password);
  const project = await call<{ id: number; uniq_code: string }>(
    request,
    token,
    'POST',
    '/api/project/create-project',
    { name: `Library ${randomBytes(3).toString('hex')}`, cover: 'gallery:colour/2' },
  );
  const files = [
    {
      name: 'Orchard guide.pdf',
      buffer: await textPdf([
        'Orchard guide: apples are picked in September.',
        'Second page: pears keep well in a cool cellar.',
        'Third page: plums are dried in the sun.',
      ]),
    },
    { name: 'Bees.pdf', buffer: await textPdf(['Bees pollinate the blossom in spring.']) },
    { name: 'Soil.pdf', buffer: await textPdf(['Soil is tested every autumn.', 'Lime is added when sour.']) },
    { name: 'Scanned letter.pdf', buffer: await scannedPdf() },
  ].map((file) => ({ ...file, mimeType: 'application/pdf' }));

  // Uploads wait here until released, so each one's progress can be seen on its way.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${UPLOAD}`, async (route) => {
    await released;
    await route.continue();
  });

  await signIn(page, owner.email);
  await page.goto(`/projects/space/${project.uniq_code}`);
  await page.getByRole('button', { name: k.upload }).first().click();
  const dialog = page.getByRole('dialog', { name: k.dialog.title });
  await expect(dialog.getByText(fill(k.dialog.hint, { size: 20, max: 50 }))).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles(files);

  const rows = dialog.locator('.pdf-upload__item');
  await expect(rows).toHaveCount(4);
  const row = (name: string) => rows.filter({ hasText: name });
  // Two on their way at once, each with its own progress bar; the others wait their turn.
  await expect(
    dialog.locator('.pdf-upload__item[data-status=sending], .pdf-upload__item[data-status=reading]'),
  ).toHaveCount(2);
  for (const name of ['Orchard guide.pdf', 'Bees.pdf']) {
    await expect(row(name).getByRole('progressbar')).toBeVisible();
  }
  await expect(row('Soil.pdf')).toHaveAttribute('data-status', 'waiting');
  await expect(row('Soil.pdf').getByText(k.dialog.waiting)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('upload-progress.png') });
  release();

  for (const name of ['Orchard guide.pdf', 'Bees.pdf', 'Soil.pdf']) {
    await expect(row(name)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    await expect(row(name).getByText(k.dialog.uploaded)).toBeVisible();
  }
  const scan = row('Scanned letter.pdf');
  await expect(scan).toHaveAttribute('data-status', 'refused');
  await expect(scan.getByRole('alert')).toHaveText(m.error.pdf_scanned);
  await expect(scan.getByRole('button', { name: k.dialog.retry })).toHaveCount(0);
  await expect(dialog.getByText(fill(k.dialog.summary, { done: 3, total: 4 }))).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('upload-done.png') });
  await dialog.getByRole('button', { name: k.dialog.done }).click();
  await expect(dialog).toBeHidden();

  // The three PDFs in the catalogue, each with the PDF icon; the scan is nowhere.
  const tree = page.locator('.doc-tree');
  for (const name of ['Orchard guide', 'Bees', 'Soil']) {
    await expect(
      tree.locator('.ant-tree-treenode').filter({ hasText: name }).getByLabel('PDF'),
    ).toBeVisible();
  }
  await expect(tree.getByText('Scanned letter')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('catalogue.png') });

  // Opened from the catalogue: the first page, its text selectable in the text layer.
  await tree.getByText('Orchard guide', { exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/pdf\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Orchard guide' })).toBeVisible();
  const textLayer = page.locator('.react-pdf__Page__textContent');
  await expect(textLayer).toContainText('apples are picked in September');
  await expect(page.locator('.react-pdf__Page__canvas')).toBeVisible();

  // Page 2 with the next button; the address says so; PageDown and PageUp page as well.
  await page.getByRole('button', { name: k.viewer.next }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(textLayer).toContainText('pears keep well in a cool cellar');
  await expect(page.getByLabel(k.viewer.page)).toHaveValue('2');
  await page.keyboard.press('PageDown');
  await expect(textLayer).toContainText('plums are dried in the sun');
  await page.keyboard.press('PageUp');
  await expect(textLayer).toContainText('pears keep well');

  // Zoom in twice, then back to the width: the page grows and shrinks with the label.
  const canvas = page.locator('.react-pdf__Page__canvas');
  const fitWidth = (await canvas.boundingBox())?.width ?? 0;
  const fitZoom = await zoomOf(page);
  await page.getByRole('button', { name: k.viewer.zoom_in }).click();
  await page.getByRole('button', { name: k.viewer.zoom_in }).click();
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(fitZoom);
  await expect.poll(async () => (await canvas.boundingBox())?.width ?? 0).toBeGreaterThan(fitWidth * 1.1);
  const zoomed = await zoomOf(page);
  await page.getByRole('button', { name: k.viewer.zoom_out }).click();
  await expect.poll(() => zoomOf(page)).toBeLessThan(zoomed);
  await page.getByRole('button', { name: k.viewer.fit_width }).click();
  await expect.poll(() => zoomOf(page)).toBe(fitZoom);
  await page.screenshot({ path: test.info().outputPath('viewer-light.png') });

  // A citation's link: the viewer opens at the page it names, in the dark theme and on a phone too.
  const address = new URL(page.url());
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${address.pathname}?page=3`);
  await expect(textLayer).toContainText('plums are dried in the sun');
  await expect(page.getByLabel(k.viewer.page)).toHaveValue('3');
  await page.screenshot({ path: test.info().outputPath('viewer-dark.png') });
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(textLayer).toContainText('plums are dried in the sun');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('viewer-phone.png') });

  // Back in the catalogue on the phone: the PDFs and the upload dialog fit the screen.
  await page.getByRole('link', { name: k.viewer.back }).click();
  await expect(page.locator('.doc-tree').getByText('Soil', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: k.upload }).click();
  await expect(page.getByRole('dialog', { name: k.dialog.title })).toBeVisible();
  // The dialog's opening animation over, for the picture.
  await expect(page.locator('.ant-zoom-appear, .ant-zoom-enter')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('dialog-phone-dark.png') });
});

test('a Chinese PDF without embedded fonts reads in the viewer; its share link opens it to anyone, a wrong one to no one', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await registerAccount(request);
  const token = await apiToken(request, owner.email, owner.password);
  const project = await call<{ id: number }>(request, token, 'POST', '/api/project/create-project', {
    name: `Minutes ${randomBytes(3).toString('hex')}`,
    cover: 'gallery:work/1',
  });
  const answer = await request.post(UPLOAD, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      project_id: String(project.id),
      file: { name: '会议纪要.pdf', mimeType: 'application/pdf', buffer: cjkFontlessPdf('季度预算会议纪要') },
    },
  });
  const pdf = (await answer.json()).data as { id: number; uniq_code: string };

  await signIn(page, owner.email);
  await page.goto(`/projects/pdf/${pdf.uniq_code}`);
  await expect(page.getByRole('heading', { name: '会议纪要' })).toBeVisible();
  await expect(page.locator('.react-pdf__Page__textContent')).toContainText('季度预算会议纪要');

  const { share_code: shareCode } = await call<{ share_code: string }>(
    request,
    token,
    'POST',
    '/api/knowledge/share-doc',
    { doc_id: pdf.id, enabled: true },
  );
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/projects/pdf/${pdf.uniq_code}/${shareCode}?page=1`);
  await expect(visitor.locator('.react-pdf__Page__textContent')).toContainText('季度预算会议纪要');
  await expect(visitor.getByText(k.viewer.read_only)).toBeVisible();
  await visitor.goto(`/projects/pdf/${pdf.uniq_code}/not-the-code`);
  await expect(visitor.getByText(m.error.document_no_permission)).toBeVisible();
  await visitor.context().close();
});
