// Figures: a signed-in user's cold load of the first screen (/dashboard) in Chromium, each sample in a
// new browser context (empty cache), from navigation start: the first contentful paint (whatever it
// shows: the skeleton, or before it the boot screen) and the first real content, the dashboard's heading.
import { ensureBuilt, figure, launchChromium, registerUser, startProduct } from './support.mjs';

const SAMPLES = Number(process.env.BENCH_FIRST_SCREEN_SAMPLES ?? 7);
const FIRST_CONTENT = '#main-content h1';

/** Notes the frame in which the page first shows `selector` (checked on every animation frame). */
const watchFirstContent = (selector) => {
  const seen = {};
  window.__firstScreen = seen;
  const check = () => {
    if (!seen.content && document.querySelector(selector)) seen.content = performance.now();
    if (!seen.content) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

async function coldLoad(browser, url, token) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies([{ name: 'token', value: token, url }]);
    await context.addInitScript(watchFirstContent, FIRST_CONTENT);
    const page = await context.newPage();
    await page.goto(`${url}/dashboard`);
    await page.waitForFunction(() => window.__firstScreen?.content, null, { timeout: 60_000 });
    return page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      content: window.__firstScreen.content,
    }));
  } finally {
    await context.close();
  }
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

await ensureBuilt();
// The dev outbox (NODE_ENV=test) lets the benchmark register its user through the product's calls.
const product = await startProduct({ NODE_ENV: 'test' });
const browser = await launchChromium();
try {
  const token = await registerUser(product.url);
  await coldLoad(browser, product.url, token); // warm-up: the server's first answers, not measured
  const samples = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await coldLoad(browser, product.url, token));
  const fcp = samples.map((sample) => sample.fcp);
  const content = samples.map((sample) => sample.content);
  figure('first_screen_cold_fcp_p50', percentile(fcp, 50), 'ms');
  figure('first_screen_cold_fcp_max', Math.max(...fcp), 'ms');
  figure('first_screen_cold_content_p50', percentile(content, 50), 'ms');
  figure('first_screen_cold_content_max', Math.max(...content), 'ms');
} finally {
  await browser.close();
  await product.stop();
}
