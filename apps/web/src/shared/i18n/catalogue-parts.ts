/**
 * The sections of each language's catalogue that the first page needs: sign-in, registration, password
 * reset, the status pages and the transport's messages. Every other section (the signed-in screens,
 * and any section a new feature adds) is in the second part, loaded before a signed-in or shared page
 * opens. So the sign-in page downloads a fraction of the catalogue, and stays that size as features grow.
 * Read by the build (vite.config.ts) and the test set-up as well as by the app: no imports here.
 */
export const START_SECTIONS = [
  'app',
  'auth',
  'common',
  'error',
  'forget',
  'language',
  'pages',
  'register',
  'route',
  'session',
  'test_page',
  'theme',
  'validation',
] as const;

export const CATALOGUE_PARTS = ['start', 'rest'] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/** Virtual module of one language's part: `virtual:tandem-messages/en-US/start`. */
export const MESSAGES_MODULE_PREFIX = 'virtual:tandem-messages/';
