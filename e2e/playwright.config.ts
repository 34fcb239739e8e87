import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { PLATFORM_ADMIN_EMAIL } from './support/accounts.ts';
import { SLOW_TEST_MODEL, TEST_MODEL, TEST_MODEL_POINTS, TEST_PROVIDER } from './support/test-model.ts';
import { CHROMIUM } from './system-deps.ts';

const PORT = Number(process.env.E2E_PORT ?? 3217);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * The local OpenAI-compatible test model (apps/server/test/fake-llm): the product's first-start provider.
 * Far from PORT, so runs on neighbouring ports (E2E_PORT) do not take each other's.
 */
const LLM_PORT = Number(process.env.E2E_LLM_PORT ?? PORT + 10_000);

/** The real product, started the way `npm start` starts it, on a database of its own. */
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tandem-e2e-'));
process.env.E2E_DATA_DIR = DATA_DIR;

/**
 * Each worker calls from an address of its own, as clients behind the deployment's proxy do (the test
 * server trusts X-Forwarded-For): the per-IP limits (30 sign-ins or codes a minute) count one worker's
 * calls, as when the suite ran on one. Playwright loads this file again in each worker, with its index set.
 */
const WORKER_ADDRESS = `127.0.0.${10 + Number(process.env.TEST_PARALLEL_INDEX ?? 0)}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Files run side by side, each file's tests in order. Every test signs up accounts and teams of its
  // own; what is the platform's (the platform admin, the models set from the environment) is only read.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '../test-results/e2e.json' }]] : 'list',
  outputDir: '../test-results/e2e',
  use: {
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'x-forwarded-for': WORKER_ADDRESS },
    // Recording a trace of every test cost a fifth of the suite's CPU (e2e/shell: 130 s of CPU, 106 s
    // without): a test that fails is run again on CI (retries: 1), that time with its trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: `node --import tsx apps/server/test/fake-llm/main.ts --port ${LLM_PORT}`,
      cwd: '..',
      url: `http://127.0.0.1:${LLM_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/start.mjs',
      cwd: '..',
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      // Every spec signs up from 127.0.0.1: the per-IP code cap would stop the run, not protect it.
      env: {
        PORT: String(PORT),
        // Far from PORT too: PORT + 1 would be the next run's app on a neighbouring E2E_PORT.
        SITE_PREVIEW_PORT: String(PORT + 20_000),
        // Page builds as any other process: at the default 19, a machine kept busy by something else
        // (`stress --cpu 2`) leaves them 2% of a CPU; the bench measures the default.
        SITE_BUILD_NICENESS: '0',
        HOST: '127.0.0.1',
        TRUST_PROXY: 'true',
        DATA_DIR,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        CODES_PER_IP_PER_HOUR: '1000',
        ADMIN_EMAILS: PLATFORM_ADMIN_EMAIL,
        LLM_BASE_URL: `http://127.0.0.1:${LLM_PORT}/v1`,
        LLM_PROVIDER_NAME: TEST_PROVIDER,
        LLM_MODELS: `${TEST_MODEL}=${TEST_MODEL_POINTS},${SLOW_TEST_MODEL}=${TEST_MODEL_POINTS}`,
      },
    },
  ],
});
