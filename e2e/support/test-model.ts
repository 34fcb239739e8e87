/**
 * The local OpenAI-compatible test model (apps/server/test/fake-llm), which playwright.config.ts starts
 * and gives the product as its first-start provider. It answers `Echo: <the message>`, and `/params`
 * with the sampling settings it received.
 */
export const TEST_MODEL = 'tandem-test-model';
export const TEST_MODEL_POINTS = 2;
export const TEST_PROVIDER = 'Local test provider';
/** The same model, slowly: 150 ms before each word, for replies still streaming when a test acts. */
export const SLOW_TEST_MODEL = 'tandem-test-slow';
