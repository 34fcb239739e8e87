import { expect, type Locator, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { caretSettled, projectWithDocument, signedInContext, typeParagraphs } from '../support/documents.ts';
import { MESSAGES } from '../support/messages.ts';

const m = MESSAGES['en-US'].doc_editor;

test.describe.configure({ timeout: 90_000 });

/** The text of each block, without the collaborators' caret labels (the last is the trailing line). */
const blocksOf = (text: Locator) =>
  text.evaluate((element) =>
    Array.from(element.children, (block) => {
      const copy = block.cloneNode(true) as HTMLElement;
      for (const caret of Array.from(copy.querySelectorAll('.collaboration-carets__caret'))) caret.remove();
      return copy.textContent;
    }),
  );

test('keys typed while a document is still on its way are not merged into it', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-first-sync');
  const doc = await projectWithDocument(request, owner.token);
  // Someone wrote it before: a heading and a paragraph.
  const writerContext = await signedInContext(browser, owner.token);
  const writer = await writerContext.newPage();
  await writer.goto(`/projects/${doc.uniqCode}`);
  await expect(writer.getByText(m.status_saved)).toBeVisible({ timeout: 20_000 });
  await writer.getByLabel(m.text).click();
  await writer.keyboard.type('# ');
  await expect(writer.getByLabel(m.text).getByRole('heading', { level: 1 })).toHaveCount(1);
  await caretSettled(writer);
  await typeParagraphs(writer, ['Plan', 'Tides turn twice a day.']);
  await expect(writer.getByText(m.status_saved)).toBeVisible({ timeout: 20_000 });
  const context = await signedInContext(browser, owner.token);
  const page = await context.newPage();
  // A slow network: everything the collaboration server says arrives 1.5 s late, and nothing before the
  // test has seen the keys refused (on a busy machine typing took longer than the 1.5 s).
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.routeWebSocket('**/collaboration', (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      const due = Date.now() + 1500;
      void held.then(() => setTimeout(() => socket.send(message), due - Date.now()));
    });
    socket.onMessage((message) => server.send(message));
  });
  await page.goto(`/projects/${doc.uniqCode}`);
  const text = page.getByLabel(m.text);
  await expect(text).toBeVisible();
  // Quick fingers, before the content is in.
  await text.click({ force: true });
  await page.keyboard.type('Hello', { delay: 20 });
  await page.keyboard.press('Enter');
  await expect(text).toHaveAttribute('contenteditable', 'false');
  letThrough();

  await expect(text).toHaveAttribute('contenteditable', 'true', { timeout: 20_000 });
  await expect.poll(() => blocksOf(text)).toEqual(['Plan', 'Tides turn twice a day.', '']);
  // Typing then goes where the caret is, into the document as it is.
  await text.getByText('Tides turn twice a day.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Boats wait.');
  // The writer sees the addition, and nothing of the keys typed too early.
  const written = writer.getByLabel(m.text);
  await expect(written).toContainText('Tides turn twice a day. Boats wait.');
  await expect.poll(() => blocksOf(written)).toEqual(['Plan', 'Tides turn twice a day. Boats wait.', '']);
  await context.close();
  await writerContext.close();
});
