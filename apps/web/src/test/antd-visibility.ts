import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `a, b:not(.c, .d)` → `a`, `b:not(.c, .d)`: commas inside parentheses do not split. */
function splitSelectors(list: string) {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      selectors.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  selectors.push(list.slice(start).trim());
  return selectors;
}

const isUsable = (selector: string) => {
  if (selector.includes('::') || /:-|-ms-|-webkit-/.test(selector)) return false;
  try {
    document.querySelector(selector);
    return true;
  } catch {
    return false;
  }
};

/**
 * The app takes antd's styles from `antd/dist/antd.css` (providers.tsx: zeroRuntime), which jsdom never
 * loads. What a component test can notice of them is what they show and hide: this is every top-level
 * rule of that file that sets `display` or `visibility`, with only those declarations, in the file's
 * order, so that a closed drawer or an inactive tab is out of the accessibility tree as in a browser.
 * (Media queries are left out: jsdom has no width to match them against.)
 */
export function antdVisibilityRules(): string {
  const css = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
  const rules: string[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open === -1) break;
    const prelude = css.slice(i, open).trim();
    if (prelude.startsWith('@')) {
      // Skip the whole block, however deeply nested.
      let depth = 1;
      let j = open + 1;
      for (; j < css.length && depth > 0; j++) {
        if (css[j] === '{') depth++;
        else if (css[j] === '}') depth--;
      }
      i = j;
      continue;
    }
    const close = css.indexOf('}', open);
    const declarations = css
      .slice(open + 1, close)
      .split(';')
      .map((declaration) => declaration.trim())
      .filter((declaration) => /^(display|visibility)\s*:/.test(declaration));
    i = close + 1;
    if (!declarations.length) continue;
    const selectors = splitSelectors(prelude).filter(isUsable);
    if (selectors.length) rules.push(`${selectors.join(',')}{${declarations.join(';')}}`);
  }
  return rules.join('\n');
}
