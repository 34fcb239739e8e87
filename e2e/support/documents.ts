import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { call } from './api-calls.ts';

export type TestDocument = { projectId: number; projectCode: string; id: number; uniqCode: string };

/** A project of the caller's current team holding one empty document, made through the API. */
export async function projectWithDocument(
  request: APIRequestContext,
  token: string,
  project: { access?: 'team_public' | 'team_private'; team_permission?: 'editor' | 'viewer' } = {},
): Promise<TestDocument> {
  const created = await call<{ id: number; uniq_code: string }>(
    request,
    token,
    'POST',
    '/api/project/create-project',
    { name: `Docs ${randomBytes(3).toString('hex')}`, cover: 'gallery:colour/1', ...project },
  );
  const doc = await call<{ id: number; uniq_code: string }>(
    request,
    token,
    'POST',
    '/api/knowledge/create-doc',
    {
      project_id: created.id,
      parent_id: null,
      name: 'Field notes',
      kind: 'doc',
    },
  );
  return { projectId: created.id, projectCode: created.uniq_code, id: doc.id, uniqCode: doc.uniq_code };
}

/** A browser context signed in with `token`, as the sign-in page leaves it. */
export async function signedInContext(browser: Browser, token: string) {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'token', value: token, url: test.info().project.use.baseURL! }]);
  return context;
}

/** The document's HTML as the server has it now. */
export const serverHtml = async (request: APIRequestContext, token: string, uniqCode: string) =>
  (await call<{ html: string }>(request, token, 'GET', `/api/knowledge/get-doc?uniq_code=${uniqCode}`)).html;

/** Waits until the server's copy of the document contains `text`. */
export const expectOnServer = (request: APIRequestContext, token: string, uniqCode: string, text: string) =>
  expect.poll(() => serverHtml(request, token, uniqCode), { timeout: 20_000 }).toContain(text);

/**
 * Waits for a frame and then a task. Chrome moves its caret into a block the editor has just made (by
 * Enter or a Markdown shortcut) with a selectionchange it sends later; a key that beat it (a busy
 * machine runs input first) went in where the DOM still put the caret, and ProseMirror kept the caret
 * before the letter ("evel 7", then "L" on the next line).
 */
export const caretSettled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));

/** Types `lines` into the focused editor as paragraphs, each new one's caret settled before its text. */
export async function typeParagraphs(page: Page, lines: string[]) {
  for (const [index, line] of lines.entries()) {
    if (index > 0) {
      await page.keyboard.press('Enter');
      await caretSettled(page);
    }
    await page.keyboard.type(line);
  }
}
