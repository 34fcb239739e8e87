import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { call } from '../support/api-calls.ts';
import {
  caretSettled,
  expectOnServer,
  projectWithDocument,
  serverHtml,
  signedInContext,
  typeParagraphs,
} from '../support/documents.ts';
import { clickAtRest } from '../support/menus.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { gradientPng } from '../support/png.ts';
import { teamOfTwo } from '../support/teams.ts';

const m = MESSAGES['en-US'].doc_editor;
const errors = MESSAGES['en-US'].error;

// Documents open on a loaded machine over a websocket: give each test room, never a sleep.
test.describe.configure({ timeout: 90_000 });

const editorOf = (page: Page) => page.getByLabel(m.text);

/** Opens a document and waits until the server has confirmed it (the header says saved). */
async function openDocument(page: Page, uniqCode: string) {
  await page.goto(`/projects/${uniqCode}`);
  await expect(page.getByText(m.status_saved)).toBeVisible({ timeout: 20_000 });
  await editorOf(page).click();
}

/**
 * The page's document with changes not yet on the server, as this device keeps it: the cache
 * registry's unsynced mark (null while there is none), and how many updates y-indexeddb's copy holds.
 */
const unsyncedCopy = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ since: number | null; updates: number }>((resolve) => {
        const registry = indexedDB.open('tandem-doc-caches');
        registry.onsuccess = () => {
          const all = registry.result.transaction('caches').objectStore('caches').getAll();
          all.onsuccess = () => {
            const entry = (all.result as { name: string; unsyncedSince: number | null }[]).find(
              (cache) => cache.unsyncedSince,
            );
            if (!entry) return resolve({ since: null, updates: 0 });
            const copy = indexedDB.open(entry.name);
            copy.onsuccess = () => {
              const count = copy.result.transaction('updates').objectStore('updates').count();
              count.onsuccess = () => resolve({ since: entry.unsyncedSince, updates: count.result });
            };
          };
        };
      }),
  );

/** How many documents' copies on this device are marked as holding edits the server may not have. */
const markedCopies = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const registry = indexedDB.open('tandem-doc-caches');
        registry.onsuccess = () => {
          const all = registry.result.transaction('caches').objectStore('caches').getAll();
          all.onsuccess = () =>
            resolve((all.result as { unsyncedSince: number | null }[]).filter((c) => c.unsyncedSince).length);
        };
      }),
  );

/**
 * Types a level 1 heading, then "Level 2" to "Level 9", each with its Markdown shortcut. Each shortcut's
 * space is typed, and the line seen to become a heading, before its text: a shortcut takes effect only
 * when the space is the last thing typed, and a busy browser can take in the space and the next
 * letters as one change (a loaded run imported a document whose "## Level 2" had stayed text).
 */
async function typeHeadings(page: Page, title: string) {
  for (let level = 1; level <= 9; level++) {
    await page.keyboard.type(`${'#'.repeat(level)} `);
    await expect(editorOf(page).getByRole('heading', { level })).toHaveCount(1);
    await caretSettled(page);
    await page.keyboard.type(level === 1 ? title : `Level ${level}`);
    await page.keyboard.press('Enter');
    await caretSettled(page);
  }
}

/** A new user's new document, open in a browser of their own. */
async function openNewDocument(browser: Browser, request: APIRequestContext) {
  const owner = await registerWithToken(request, 'e2e-editor');
  const doc = await projectWithDocument(request, owner.token);
  const context = await signedInContext(browser, owner.token);
  const page = await context.newPage();
  await openDocument(page, doc.uniqCode);
  return { owner, doc, context, page };
}

test('writes headings down to level 9, a table and an image, and finds and replaces', async ({
  browser,
  request,
}) => {
  const { owner, doc, context, page } = await openNewDocument(browser, request);

  await typeHeadings(page, 'Harbour report');
  await page.keyboard.type('The harbour opens at dawn.\n');
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour report' })).toBeVisible();
  for (let level = 2; level <= 9; level++) {
    await expect(editorOf(page).getByRole('heading', { level, name: `Level ${level}` })).toBeVisible();
  }
  // The outline lists them all.
  await expect(page.getByRole('navigation', { name: m.toc }).getByRole('button')).toHaveCount(9);

  // Ten typed lines leave the page scrolling to keep the caret in view; on a busy machine it can still
  // move while the Table menu opens, and a click aimed at the menu once fell between two toolbar buttons.
  await clickAtRest(page.getByRole('button', { name: m.table, exact: true }));
  // The size picker opens on 3 × 3: one step right and Enter make a table of 3 rows and 4 columns.
  const sizes = page.getByRole('group', { name: m.table_size_label });
  await expect(
    sizes.getByRole('button', { name: fill(m.table_size_cell, { rows: 3, cols: 3 }) }),
  ).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(sizes).toBeHidden();
  await expect(editorOf(page).getByRole('table')).toBeVisible();
  await expect(editorOf(page).getByRole('row').first().getByRole('columnheader')).toHaveCount(4);
  await expect(editorOf(page).getByRole('row')).toHaveCount(3);
  // The editor takes the caret back a frame after the insert (Tiptap focuses in requestAnimationFrame);
  // on a busy machine keys typed before that went to no element and were lost.
  await expect(editorOf(page)).toBeFocused();
  await page.keyboard.type('Tide');
  // The first row is the header row.
  await expect(editorOf(page).getByRole('columnheader', { name: 'Tide' })).toBeVisible();

  await page.getByTestId('doc-image-input').setInputFiles({
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: gradientPng(64, 48),
  });
  await expect(editorOf(page).locator('img[alt="chart.png"]')).toBeVisible();

  await page.keyboard.press('Control+f');
  await page.getByLabel(m.find_placeholder).fill('harbour');
  await expect(page.getByText(fill(m.match_position, { current: 1, total: 2 }))).toBeVisible();
  await page.getByRole('button', { name: m.find_next }).click();
  await expect(page.getByText(fill(m.match_position, { current: 2, total: 2 }))).toBeVisible();
  await page.getByLabel(m.replace_placeholder).fill('Port');
  await page.getByRole('button', { name: m.replace_all }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Port report' })).toBeVisible();
  await expect(editorOf(page)).toContainText('The Port opens at dawn.');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel(m.find_placeholder)).toBeHidden();

  await expectOnServer(request, owner.token, doc.uniqCode, 'The Port opens at dawn.');
  await context.close();
});

test('a DOCX download imports back with the same headings, 1 to 9', async ({ browser, request }) => {
  const { owner, doc, context, page } = await openNewDocument(browser, request);
  await typeHeadings(page, 'Port report');
  await page.keyboard.type('The Port opens at dawn.');
  await expectOnServer(request, owner.token, doc.uniqCode, 'The Port opens at dawn.');

  await page.getByRole('button', { name: m.export }).click();
  const downloading = page.waitForEvent('download');
  await clickAtRest(page.getByRole('menuitem', { name: m.export_docx }));
  const docx = readFileSync((await (await downloading).path())!);

  const imported = await (
    await request.post('/api/knowledge/import-doc', {
      headers: { authorization: `Bearer ${owner.token}` },
      multipart: {
        project_id: String(doc.projectId),
        file: { name: 'report.docx', mimeType: 'application/octet-stream', buffer: docx },
      },
    })
  ).json();
  expect(imported.code).toBe(0);
  await page.goto(`/projects/${imported.data.uniq_code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Port report' })).toBeVisible();
  for (let level = 2; level <= 9; level++) {
    await expect(editorOf(page).getByRole('heading', { level, name: `Level ${level}` })).toBeVisible();
  }
  await context.close();
});

test('two people in one document see each other’s text and each other', async ({ browser, request }) => {
  const owner = await registerWithToken(request, 'e2e-editor-owner');
  const colleague = await registerWithToken(request, 'e2e-editor-colleague');
  // The colleague joins as "Grace Viewer"; the team may edit the project (its default).
  await teamOfTwo(request, owner.token, colleague.token);
  const doc = await projectWithDocument(request, owner.token);
  const [first, second] = [
    await signedInContext(browser, owner.token),
    await signedInContext(browser, colleague.token),
  ];
  const [a, b] = [await first.newPage(), await second.newPage()];
  await openDocument(a, doc.uniqCode);
  await openDocument(b, doc.uniqCode);

  await a.keyboard.type('Alpha writes first.');
  await expect(editorOf(b)).toContainText('Alpha writes first.');
  await b.keyboard.press('Control+End');
  await b.keyboard.type(' Beta answers.');
  await expect(editorOf(a)).toContainText('Alpha writes first. Beta answers.');
  // Each sees the other among the people in the document, by the name they have in the team.
  await expect(a.getByTestId('doc-peer')).toHaveText('G');
  await a.getByTestId('doc-peer').hover();
  await expect(a.getByRole('tooltip')).toHaveText('Grace Viewer');
  await expect(b.getByTestId('doc-peer')).toHaveCount(1);
  // The colleague's caret is labelled with their name in the owner's editor.
  await expect(editorOf(a).getByText('Grace Viewer')).toBeVisible();
  await expectOnServer(request, owner.token, doc.uniqCode, 'Alpha writes first. Beta answers.');
  await Promise.all([first.close(), second.close()]);
});

test('where the websocket cannot connect, the editor loads the document over HTTP and saves it whole', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-editor');
  const doc = await projectWithDocument(request, owner.token);
  await call(request, owner.token, 'POST', '/api/knowledge/save-online-doc', {
    doc_id: doc.id,
    format: 'markdown',
    content: '# Logbook\n\nWritten before the proxy.',
  });
  const context = await signedInContext(browser, owner.token);
  const page = await context.newPage();
  // A proxy that refuses websockets: every attempt closes at once.
  await page.routeWebSocket(/\/collaboration/, (socket) => socket.close());
  await page.goto(`/projects/${doc.uniqCode}`);
  // The server's content shows, and the document takes typing once it has it.
  await expect(editorOf(page).getByRole('heading', { level: 1, name: 'Logbook' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(editorOf(page)).toHaveAttribute('contenteditable', 'true');
  await editorOf(page).getByText('Written before the proxy.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Added through HTTP.');
  await expectOnServer(request, owner.token, doc.uniqCode, 'Written before the proxy. Added through HTTP.');
  expect(await serverHtml(request, owner.token, doc.uniqCode)).toContain('<h1>Logbook</h1>');
  await expect(page.getByText(m.status_saved)).toBeVisible();
  await context.close();
});

test('a file attached with the toolbar shows in the text and downloads', async ({ browser, request }) => {
  const { owner, doc, context, page } = await openNewDocument(browser, request);
  await page.keyboard.type('Crew list attached:\n');
  const crewList = 'name,role\nAda,captain\nGrace,navigator\n';
  await page.getByTestId('doc-file-input').setInputFiles({
    name: 'crew.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(crewList),
  });
  const link = editorOf(page).getByRole('link', { name: 'crew.csv' });
  await expect(link).toBeVisible();
  await expectOnServer(request, owner.token, doc.uniqCode, 'data-name="crew.csv"');
  const download = await page.request.get((await link.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe(crewList);
  await context.close();
});

test('offline, editing goes on with the banner, and back online both sides merge', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-editor');
  const doc = await projectWithDocument(request, owner.token);
  const [offline, online] = [
    await signedInContext(browser, owner.token),
    await signedInContext(browser, owner.token),
  ];
  const [a, b] = [await offline.newPage(), await online.newPage()];
  await openDocument(a, doc.uniqCode);
  await openDocument(b, doc.uniqCode);

  await offline.setOffline(true);
  await expect(a.getByText(m.offline_banner)).toBeVisible();
  await expect(a.getByText(m.status_offline)).toBeVisible();
  await a.keyboard.type('Written on the train.');
  await b.keyboard.type('Written at the office.');
  await expect(editorOf(b)).not.toContainText('Written on the train.');

  await offline.setOffline(false);
  await expect(editorOf(a)).toContainText('Written at the office.');
  await expect(editorOf(b)).toContainText('Written on the train.');
  await expect(a.getByText(m.offline_banner)).toBeHidden();
  await expect(a.getByText(m.status_saved)).toBeVisible();

  await a.reload();
  await expect(editorOf(a)).toContainText('Written on the train.');
  await expect(editorOf(a)).toContainText('Written at the office.');
  await Promise.all([offline.close(), online.close()]);
});

test('edits of a tab closed offline are offered on opening: restored they merge, abandoned they go', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-editor');
  const kept = await projectWithDocument(request, owner.token);
  const dropped = await projectWithDocument(request, owner.token);
  const context = await signedInContext(browser, owner.token);

  for (const [doc, words] of [
    [kept, 'Kept on this device.'],
    [dropped, 'Not wanted after all.'],
  ] as const) {
    const page = await context.newPage();
    await openDocument(page, doc.uniqCode);
    await context.setOffline(true);
    await expect(page.getByText(m.offline_banner)).toBeVisible();
    await page.keyboard.type(words);
    await expect.poll(async () => (await unsyncedCopy(page)).since).not.toBeNull();
    // Every keystroke is one update written to this device's copy: all of them before the tab closes.
    await expect.poll(async () => (await unsyncedCopy(page)).updates).toBeGreaterThanOrEqual(words.length);
    await page.close();
    await context.setOffline(false);
  }

  const page = await context.newPage();
  await page.goto(`/projects/${kept.uniqCode}`);
  await expect(page.getByText(m.unsynced_title)).toBeVisible();
  await page.getByRole('button', { name: m.unsynced_restore }).click();
  await expect(editorOf(page)).toContainText('Kept on this device.');
  await expectOnServer(request, owner.token, kept.uniqCode, 'Kept on this device.');
  // The server stores an edit before it answers: the device hears it a moment later and unmarks its
  // copy. Leaving before that, the next opening would rightly ask again about what it never heard saved.
  await expect(page.getByText(m.status_saved)).toBeVisible();
  await expect.poll(() => markedCopies(page)).toBe(1);

  await page.goto(`/projects/${dropped.uniqCode}`);
  await expect(page.getByText(m.unsynced_title)).toBeVisible();
  await page.getByRole('button', { name: m.unsynced_abandon }).click();
  await expect(page.getByText(m.status_saved)).toBeVisible();
  await expect(editorOf(page)).not.toContainText('Not wanted after all.');

  // Answered once: opening again asks nothing.
  await page.goto(`/projects/${kept.uniqCode}`);
  await expect(page.getByText(m.status_saved)).toBeVisible();
  await expect(page.getByText(m.unsynced_title)).toBeHidden();
  await context.close();
});

test('a viewer reads without a toolbar, and a share link opens a read-only copy signed out', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-editor-owner');
  const viewer = await registerWithToken(request, 'e2e-editor-viewer');
  await teamOfTwo(request, owner.token, viewer.token);
  const doc = await projectWithDocument(request, owner.token, {
    access: 'team_public',
    team_permission: 'viewer',
  });
  const writer = await signedInContext(browser, owner.token);
  const ownerPage = await writer.newPage();
  await openDocument(ownerPage, doc.uniqCode);
  await ownerPage.keyboard.type('# ');
  await expect(editorOf(ownerPage).getByRole('heading', { level: 1 })).toHaveCount(1);
  await caretSettled(ownerPage);
  await typeParagraphs(ownerPage, ['Minutes', 'Decided to sail on Monday.']);
  await expectOnServer(request, owner.token, doc.uniqCode, 'Decided to sail on Monday.');
  await writer.close();

  const context = await signedInContext(browser, viewer.token);
  const page = await context.newPage();
  await page.goto(`/projects/${doc.uniqCode}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Minutes' })).toBeVisible();
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  await expect(editorOf(page)).toHaveAttribute('contenteditable', 'false');
  await context.close();

  const { share_code } = await call<{ share_code: string }>(
    request,
    owner.token,
    'POST',
    '/api/knowledge/share-doc',
    {
      doc_id: doc.id,
      enabled: true,
    },
  );
  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  await shared.goto(`/projects/${doc.uniqCode}/${share_code}`);
  await expect(shared.getByRole('heading', { level: 1, name: 'Minutes' })).toBeVisible();
  await expect(shared.getByText('Decided to sail on Monday.')).toBeVisible();
  await expect(shared.getByText(m.read_only)).toBeVisible();
  await expect(shared.getByRole('toolbar')).toHaveCount(0);
  await visitor.close();
});

test('the share menu makes a read-only link, and turned off the link says no permission', async ({
  browser,
  request,
}) => {
  const owner = await registerWithToken(request, 'e2e-editor');
  const doc = await projectWithDocument(request, owner.token);
  const context = await signedInContext(browser, owner.token);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await openDocument(page, doc.uniqCode);
  await page.keyboard.type('Open to anyone with the link.');
  await expectOnServer(request, owner.token, doc.uniqCode, 'Open to anyone with the link.');

  // Not shared yet: the Share button itself turns the link on and copies it (no menu of one item).
  await page.getByRole('button', { name: m.share }).click();
  await expect(page.getByText(m.share_copied)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: m.share_create })).toHaveCount(0);
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/projects/${doc.uniqCode}/[\\w-]+$`));

  const visitor = await browser.newContext();
  const shared = await visitor.newPage();
  await shared.goto(link);
  await expect(shared.getByText('Open to anyone with the link.')).toBeVisible();
  await expect(shared.getByText(m.read_only)).toBeVisible();

  await page.getByRole('button', { name: m.share }).click();
  await clickAtRest(page.getByRole('menuitem', { name: m.share_revoke }));
  await expect(page.getByText(m.share_revoked)).toBeVisible();
  await shared.reload();
  // The page says so where the link points, rather than leaving for the sign-in error page.
  await expect(shared.getByText(errors.share_link_off)).toBeVisible();
  expect(new URL(shared.url()).pathname).toBe(new URL(link).pathname);
  await expect(shared.getByText('Open to anyone with the link.')).toBeHidden();
  await Promise.all([context.close(), visitor.close()]);
});

test('a document deleted elsewhere turns read-only with the spec’s message', async ({ browser, request }) => {
  const { owner, doc, context, page } = await openNewDocument(browser, request);
  await page.keyboard.type('Soon gone.');

  const deleted = await request.fetch('/api/knowledge/delete-doc', {
    method: 'DELETE',
    data: { ids: [doc.id] },
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect((await deleted.json()).code).toBe(0);
  await expect(page.getByRole('dialog').getByText(errors.document_deleted)).toBeVisible();
  await expect(editorOf(page)).toHaveAttribute('contenteditable', 'false');
  await page.getByRole('button', { name: m.back_to_projects }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await context.close();
});
