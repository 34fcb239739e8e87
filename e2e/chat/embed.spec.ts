import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { registerWithToken } from '../support/accounts.ts';
import { publishedAgent } from '../support/chat-agent.ts';
import { MESSAGES } from '../support/messages.ts';

const c = MESSAGES['en-US'].chat;

/**
 * Another site, served on this machine (a browser refuses a public site's requests to a loopback
 * address, so it cannot be a made-up public one): `show(body)` sets what every path answers.
 */
async function otherSite() {
  let body = '';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><html><body>${body}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    show: (html: string) => {
      body = html;
    },
    close: () => server.close(),
  };
}

test('a visitor without an account chats with a web-public agent embedded in a site its owner allowed', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [allowed, other] = await Promise.all([otherSite(), otherSite()]);
  const owner = await registerWithToken(request, 'e2e-embed-api');
  const agent = await publishedAgent(request, owner.token, {
    access: 'web_public',
    embedOrigins: [allowed.origin],
  });

  // A fresh browser: nobody is signed in.
  const visitor = await browser.newContext({ locale: 'en-US' });
  const page = await visitor.newPage();
  allowed.show(
    `<h1>Docs</h1><script src="${baseURL}/embed/agent.js" data-agent-key="${agent.agent_key}" data-title="Ask us"></script>`,
  );
  await page.goto(allowed.origin);
  await page.getByRole('button', { name: 'Ask us' }).click();
  const frame = page.frameLocator('iframe[title="Ask us"]');
  await expect(frame.getByRole('heading', { name: agent.name })).toBeVisible();

  const box = frame.getByRole('textbox', { name: c.message_label });
  await box.fill('Hi from the docs');
  await box.press('Enter');
  await expect(frame.getByText('Echo: Hi from the docs')).toBeVisible();

  // Back on the site later, the conversation is still there.
  await page.reload();
  await page.getByRole('button', { name: 'Ask us' }).click();
  await expect(frame.getByText('Echo: Hi from the docs')).toBeVisible();
  await frame.getByRole('button', { name: c.new_conversation }).click();
  await expect(frame.getByText('Echo: Hi from the docs')).toHaveCount(0);

  // A site the owner did not list cannot frame it.
  other.show(`<iframe title="Stolen" src="${baseURL}/embed/agent/${agent.agent_key}"></iframe>`);
  await page.goto(other.origin);
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith('chrome-error:'))).toBe(true);
  await expect(
    page.frameLocator('iframe[title="Stolen"]').getByRole('heading', { name: agent.name }),
  ).toHaveCount(0);
  await visitor.close();
  allowed.close();
  other.close();
});
