// Figures: a signed-in user's cold load of the first screen (/dashboard) in Chromium, each sample in a
// new browser context (empty cache), from navigation start: the first contentful paint (whatever it
// shows: the skeleton, or before it the boot screen) and the first real content, the dashboard's heading.
//
// The browser is driven through the DevTools protocol with only the Page, Runtime and Emulation domains,
// as a user's browser runs with no debugger watching its requests. Playwright, which took these figures
// until 29 November 2026, reports every request to its client as it happens: on this 2-core machine each
// of the ~25 requests of a cold load then waited 40-150 ms for its first byte, against 5-15 ms without,
// and a third of the figure was the measurement's. `first_screen_playwright_content_*` keeps that way
// of measuring, in turn with the other, so the two can be compared with each other and with older figures.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  ensureBuilt,
  figure,
  launchChromium,
  percentile,
  registerUser,
  sleep,
  startProduct,
  stopProcess,
} from './support.mjs';

const SAMPLES = Number(process.env.BENCH_FIRST_SCREEN_SAMPLES ?? 7);
const FIRST_CONTENT = '#main-content h1';

/** Notes the frame in which the page first shows `selector` (checked on every animation frame). */
const watchFirstContent = `(() => {
  const seen = {};
  window.__firstScreen = seen;
  const check = () => {
    if (!seen.content && document.querySelector(${JSON.stringify(FIRST_CONTENT)})) seen.content = performance.now();
    if (!seen.content) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

/** Resolves, in the page, once the content shows: its time and the first contentful paint's. */
const firstScreenTimes = `new Promise((resolve) => {
  const wait = () => {
    if (!window.__firstScreen?.content) return setTimeout(wait, 50);
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    resolve({ fcp, content: window.__firstScreen.content });
  };
  wait();
})`;

/** Debian's Chromium, headless with the guide's flags, and a DevTools connection to it. */
async function launchDevtoolsChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'tandem-bench-chromium-'));
  const chromium = spawn(
    CHROMIUM,
    [
      '--headless',
      ...CHROMIUM_ARGS,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  // Chromium writes the port it chose, then the browser's DevTools path, once it listens.
  let port;
  let socketPath;
  for (let tries = 0; !socketPath; tries++) {
    if (tries > 300) throw new Error('Chromium did not open its DevTools port');
    try {
      [port, socketPath] = readFileSync(join(profile, 'DevToolsActivePort'), 'utf8').split('\n');
    } catch {
      await sleep(50);
    }
  }
  const socket = new WebSocket(`ws://127.0.0.1:${port}${socketPath}`, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let lastId = 0;
  const pending = new Map();
  const events = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    const answer = message.id && pending.get(message.id);
    if (answer) {
      pending.delete(message.id);
      if (message.error) answer.reject(new Error(`${answer.method}: ${message.error.message}`));
      else answer.resolve(message.result);
    } else for (const listener of events) listener(message);
  });
  const send = (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, { resolve, reject, method });
      socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  const nextEvent = (method, sessionId) =>
    new Promise((resolve) => {
      const listener = (message) => {
        if (message.method !== method || message.sessionId !== sessionId) return;
        events.splice(events.indexOf(listener), 1);
        resolve(message.params);
      };
      events.push(listener);
    });
  const close = async () => {
    socket.close();
    await stopProcess(chromium);
    // Chromium's helper processes may still be writing to the profile for a moment after it exits.
    rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  };
  return { send, nextEvent, close };
}

async function coldLoad(browser, url, token) {
  const { browserContextId } = await browser.send('Target.createBrowserContext');
  try {
    await browser.send('Storage.setCookies', {
      browserContextId,
      cookies: [{ name: 'token', value: token, url }],
    });
    const { targetId } = await browser.send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    const send = (method, params) => browser.send(method, params, sessionId);
    await send('Emulation.setDeviceMetricsOverride', {
      width: 1440,
      height: 900,
      deviceScaleFactor: 1,
      mobile: false,
    });
    await send('Page.enable');
    await send('Page.addScriptToEvaluateOnNewDocument', { source: watchFirstContent });
    const loaded = browser.nextEvent('Page.loadEventFired', sessionId);
    await send('Page.navigate', { url: `${url}/dashboard` });
    await loaded;
    const { result, exceptionDetails } = await send('Runtime.evaluate', {
      expression: firstScreenTimes,
      awaitPromise: true,
      returnByValue: true,
      timeout: 60_000,
    });
    if (exceptionDetails) throw new Error(`the first screen did not show: ${exceptionDetails.text}`);
    return result.value;
  } finally {
    await browser.send('Target.disposeBrowserContext', { browserContextId });
  }
}

/** The same load through Playwright, as these figures were taken before. */
async function playwrightColdLoad(browser, url, token) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies([{ name: 'token', value: token, url }]);
    await context.addInitScript(watchFirstContent);
    const page = await context.newPage();
    await page.goto(`${url}/dashboard`);
    return await page.evaluate(firstScreenTimes);
  } finally {
    await context.close();
  }
}

await ensureBuilt();
// The dev outbox (NODE_ENV=test) lets the benchmark register its user through the product's calls.
const product = await startProduct({ NODE_ENV: 'test' });
const browser = await launchDevtoolsChromium();
const playwright = await launchChromium();
try {
  const token = await registerUser(product.url);
  await coldLoad(browser, product.url, token); // warm-up: the server's first answers, not measured
  const samples = [];
  const playwrightSamples = [];
  await playwrightColdLoad(playwright, product.url, token);
  // In turn, so that both ways of measuring see the same machine.
  for (let i = 0; i < SAMPLES; i++) {
    samples.push(await coldLoad(browser, product.url, token));
    playwrightSamples.push(await playwrightColdLoad(playwright, product.url, token));
  }
  const fcp = samples.map((sample) => sample.fcp);
  const content = samples.map((sample) => sample.content);
  figure('first_screen_cold_fcp_p50', percentile(fcp, 50), 'ms');
  figure('first_screen_cold_fcp_max', Math.max(...fcp), 'ms');
  figure('first_screen_cold_content_p50', percentile(content, 50), 'ms');
  figure('first_screen_cold_content_max', Math.max(...content), 'ms');
  const playwrightContent = playwrightSamples.map((sample) => sample.content);
  figure('first_screen_playwright_content_p50', percentile(playwrightContent, 50), 'ms');
  figure('first_screen_playwright_content_max', Math.max(...playwrightContent), 'ms');
} finally {
  await playwright.close();
  await browser.close();
  await product.stop();
}
