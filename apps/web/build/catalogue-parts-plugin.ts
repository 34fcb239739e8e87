import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { MESSAGES_MODULE_PREFIX, START_SECTIONS } from '../src/shared/i18n/catalogue-parts.ts';

const LOCALES_DIR = fileURLToPath(new URL('../../../packages/contract/src/locales/', import.meta.url));
const RESOLVED_PREFIX = `\0${MESSAGES_MODULE_PREFIX}`;
const startSections = new Set<string>(START_SECTIONS);

/**
 * Serves `virtual:tandem-messages/<locale>/<start|rest>`: one language's catalogue, split by top-level
 * section, from the contract's single JSON file per language (the server reads the same files whole).
 */
export function catalogueParts(): Plugin {
  return {
    name: 'tandem:catalogue-parts',
    resolveId(id) {
      return id.startsWith(MESSAGES_MODULE_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const [locale, part] = id.slice(RESOLVED_PREFIX.length).split('/');
      if (!locale || !/^[a-z]{2}-[A-Z]{2}$/.test(locale) || (part !== 'start' && part !== 'rest')) {
        this.error(`unknown catalogue part ${id.slice(1)}`);
      }
      const file = `${LOCALES_DIR}${locale}.json`;
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const wanted = part === 'start';
      const picked = Object.fromEntries(
        Object.entries(catalogue).filter(([section]) => startSections.has(section) === wanted),
      );
      return `export default ${JSON.stringify(picked)};`;
    },
  };
}
