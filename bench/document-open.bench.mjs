// Figures: opening a 1 MB document in the collaborative editor in Chromium, from navigation start until
// its last paragraph is on the page and the editor takes typing (goal under 1.5 s). Cold: a new browser
// context (empty HTTP cache, no copy in IndexedDB). Warm: the same context again (the document's copy
// on the device, the chunks cached). The document is written whole through save-online-doc.
import { ensureBuilt, figure, launchChromium, registerUser, startProduct } from './support.mjs';

const SAMPLES = Number(process.env.BENCH_DOCUMENT_OPEN_SAMPLES ?? 5);
const TARGET_BYTES = 1024 * 1024;
const END_MARK = 'End of the benchmark document.';

/** About 1 MB of Markdown: sections of headings (levels 1-9 in turn) and paragraphs of mixed script. */
function largeMarkdown() {
  const sentence =
    'The harbour team reviews tides, cargo and crew rotas every morning; 港口团队每天早上检查潮汐。 ';
  const parts = [];
  let bytes = 0;
  for (let section = 1; bytes < TARGET_BYTES; section++) {
    const level = ((section - 1) % 6) + 1;
    const block = `${'#'.repeat(level)} Section ${section}\n\n${sentence.repeat(6)}\n\n${sentence.repeat(4)}\n\n`;
    parts.push(block);
    bytes += Buffer.byteLength(block);
  }
  parts.push(`${END_MARK}\n`);
  return parts.join('');
}

async function api(url, token, path, body) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 0) throw new Error(`${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** Milliseconds from navigation start until the last paragraph shows in an editable editor. */
async function openOnce(page, url, uniqCode) {
  await page.goto(`${url}/projects/${uniqCode}`);
  await page.waitForFunction(
    (mark) => {
      const editor = document.querySelector('.doc-text');
      return (
        editor?.getAttribute('contenteditable') === 'true' && editor.lastElementChild?.textContent === mark
      );
    },
    END_MARK,
    { timeout: 60_000, polling: 'raf' },
  );
  return page.evaluate(() => ({
    total: performance.now(),
    // Where the time went: the editor's marks (collaboration-session.ts) and the calls it waited on.
    steps: Object.fromEntries([
      ...performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => /get-doc\?|get-collab-token/.test(entry.name))
        .map((entry) => [new URL(entry.name).pathname.split('/').pop(), entry.responseEnd]),
      [
        'scripts',
        Math.max(
          0,
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
            .map((entry) => entry.responseEnd),
        ),
      ],
    ]),
  }));
}

/** The median time of each step across openings, in the order they happen. */
function stepsOf(openings) {
  const names = [...new Set(openings.flatMap((opening) => Object.keys(opening.steps)))];
  return names
    .map((name) => [
      name,
      percentile(
        openings.map((opening) => opening.steps[name]).filter((t) => t !== undefined),
        50,
      ),
    ])
    .sort((a, b) => a[1] - b[1])
    .map(([name, ms]) => `${name} ${Math.round(ms)}`)
    .join(', ');
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

await ensureBuilt();
const product = await startProduct({ NODE_ENV: 'test' });
const browser = await launchChromium();
try {
  const token = await registerUser(product.url);
  const project = await api(product.url, token, '/api/project/create-project', {
    name: 'Benchmark',
    cover: 'gallery:colour/1',
  });
  const doc = await api(product.url, token, '/api/knowledge/create-doc', {
    project_id: project.id,
    parent_id: null,
    name: 'Large document',
    kind: 'doc',
  });
  const markdown = largeMarkdown();
  await api(product.url, token, '/api/knowledge/save-online-doc', {
    doc_id: doc.id,
    format: 'markdown',
    content: markdown,
  });
  figure('document_open_source_size', Buffer.byteLength(markdown) / 1024, 'KB');

  const cold = [];
  const warm = [];
  // The first round warms the server (the document loaded into memory) and is not counted.
  for (let round = 0; round <= SAMPLES; round++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'token', value: token, url: product.url }]);
    const page = await context.newPage();
    const coldOpening = await openOnce(page, product.url, doc.uniq_code);
    const warmOpening = await openOnce(page, product.url, doc.uniq_code);
    if (round > 0) {
      cold.push(coldOpening);
      warm.push(warmOpening);
    }
    await context.close();
  }
  const totals = (openings) => openings.map((opening) => opening.total);
  figure('document_open_1mb_cold_p50', percentile(totals(cold), 50), 'ms');
  figure('document_open_1mb_cold_max', Math.max(...totals(cold)), 'ms');
  figure('document_open_1mb_warm_p50', percentile(totals(warm), 50), 'ms');
  figure('document_open_1mb_warm_max', Math.max(...totals(warm)), 'ms');
  console.log(`cold steps (median ms from navigation): ${stepsOf(cold)}`);
  console.log(`warm steps (median ms from navigation): ${stepsOf(warm)}`);
  figure('document_open_1mb_goal', 1500, 'ms');
} finally {
  await browser.close();
  await product.stop();
}
