import { expect, type Page, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { fill, MESSAGES } from '../support/messages.ts';
import { signIn } from '../support/sign-in.ts';

const m = MESSAGES['en-US'];
const s = m.sites;

// Replies stream and pages build on a loaded machine.
test.describe.configure({ timeout: 120_000 });

const block = (path: string, ...lines: string[]) =>
  [`\`\`\`${path.slice(path.lastIndexOf('.') + 1)} path=${path}`, ...lines, '```'].join('\n');
const MAIN = block(
  'src/main.tsx',
  "import { createRoot } from 'react-dom/client';",
  "import App from './App';",
  "createRoot(document.getElementById('root')!).render(<App />);",
);
const app = (heading: string) =>
  block('src/App.tsx', 'export default function App() {', `  return <h1>${heading}</h1>;`, '}');

/** Sends a message in the open chat and waits until its reply has ended (Stop is gone). */
async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: m.chat.message_label });
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('button', { name: m.chat.stop })).toBeHidden({ timeout: 60_000 });
}

const panelOf = (page: Page) => page.getByRole('complementary', { name: s.panel_title });
const frameOf = (page: Page, version: number) =>
  page.frameLocator(`iframe[title="${fill(s.version, { number: version })}"]`);

/** The builder chat of a new account, open in the browser. */
async function openBuilder(page: Page, request: Parameters<typeof registerWithToken>[0]) {
  const owner = await registerWithToken(request, 'e2e-web-builder');
  const agent = await publishedAgent(request, owner.token, { webBuild: true });
  await signIn(page, owner.email);
  await page.goto(`/chat?agent_key=${agent.agent_key}`);
  return owner;
}

test('a page asked for in chat shows beside it, at both widths, with its code; a broken build is fixed by the agent', async ({
  page,
  request,
}) => {
  await openBuilder(page, request);
  await send(page, `A page, please:\n${MAIN}\n${app('Hello from version one')}`);

  const panel = panelOf(page);
  await expect(panel).toBeVisible();
  await expect(frameOf(page, 1).getByRole('heading', { name: 'Hello from version one' })).toBeVisible({
    timeout: 30_000,
  });

  // At a laptop's width the conversation keeps room beside the panel, and nothing of it runs under it.
  await page.setViewportSize({ width: 1280, height: 720 });
  const conversation = page.getByRole('region', { name: /Chat helper/ });
  await expect
    .poll(async () => {
      const [chat, side] = [await conversation.boundingBox(), await panel.boundingBox()];
      return chat && side ? [chat.width >= 300, chat.x + chat.width <= side.x + 1] : null;
    })
    .toEqual([true, true]);
  const headerButtons = await conversation.locator('header').getByRole('button').all();
  expect(headerButtons.length).toBeGreaterThan(0);
  for (const button of headerButtons) {
    const [box, side] = [await button.boundingBox(), await panel.boundingBox()];
    expect(box && side, 'the button and the panel on screen').toBeTruthy();
    expect(box!.x + box!.width).toBeLessThanOrEqual(side!.x + 1);
  }

  // Mobile width, then desktop again.
  const frame = panel.locator('iframe');
  await panel.getByText(s.mobile, { exact: true }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBeLessThanOrEqual(390);
  await panel.getByText(s.desktop, { exact: true }).click();
  await expect.poll(async () => (await frame.boundingBox())?.width).toBeGreaterThan(390);

  // The code, with its file tree.
  await panel.getByRole('tab', { name: s.code }).click();
  const tree = panel.getByRole('tree', { name: s.files });
  await expect(tree.getByText('src', { exact: true })).toBeVisible();
  await tree.getByText('App.tsx', { exact: true }).click();
  await expect(panel.getByText('return <h1>Hello from version one</h1>;')).toBeVisible();
  await panel.getByRole('tab', { name: s.preview }).click();

  // A build that fails shows where, and Fix has the agent repair it into the next version.
  await send(
    page,
    `Break it:\n${block('src/App.tsx', 'export default function App() {', '  return <h1>Oops</h1;', '}')}`,
  );
  await expect(panel.getByText(s.build_error_title)).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText(fill(s.error_at, { file: 'src/App.tsx', line: 2, column: 22 }))).toBeVisible();
  await panel.getByRole('button', { name: s.fix }).click();
  await expect(frameOf(page, 3).getByRole('heading', { name: 'Fixed by the agent' })).toBeVisible({
    timeout: 60_000,
  });
});

test('a built page can read nothing of the product: no cookie, no storage, no call to the API', async ({
  page,
  request,
}) => {
  await openBuilder(page, request);
  const probe = [
    '<!doctype html>',
    '<pre id="out">probing</pre>',
    '<script>',
    'const out = [];',
    'const tryIt = (name, read) => { try { out.push(name + "=" + JSON.stringify(read())); } catch (e) { out.push(name + "=blocked:" + e.name); } };',
    'tryIt("cookie", () => document.cookie);',
    'tryIt("storage", () => localStorage.length);',
    'tryIt("top", () => top.location.href);',
    'const fetchIt = (name, address) => fetch(address, { credentials: "include" }).then((r) => r.text())',
    '  .then((t) => name + "=" + t.slice(0, 40), (e) => name + "=blocked:" + e.name);',
    'const api = location.protocol + "//" + location.hostname + ":" + PORT + "/api/user/account";',
    // Relative, the call goes to the preview origin itself.
    'Promise.all([fetchIt("fetch", api), fetchIt("relative", "/api/user/account")])',
    '  .then((lines) => { out.push(...lines); document.getElementById("out").textContent = out.join("\\n"); });',
    '</script>',
  ];
  const appPort = new URL(page.url()).port;
  const html = block('index.html', ...probe).replace('PORT', JSON.stringify(appPort));
  await send(page, `Probe:\n${html}`);
  const out = frameOf(page, 1).locator('#out');
  await expect(out).toContainText('relative=', { timeout: 30_000 });
  const text = (await out.textContent()) ?? '';
  expect(text).toContain('cookie=blocked:SecurityError');
  expect(text).toContain('storage=blocked:SecurityError');
  expect(text).toContain('top=blocked:SecurityError');
  expect(text).toContain('fetch=blocked:TypeError');
  expect(text).toContain('relative=blocked:TypeError');
  // No answer of the account's envelope reached the page, whichever way it asked.
  expect(text).not.toContain('"code":0');
  // The product's own page does hold a session the probe would have wanted.
  expect(await page.evaluate(() => document.cookie + JSON.stringify(localStorage))).not.toBe('{}');
});
