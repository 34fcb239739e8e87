import type { Locale } from './i18n.ts';
import enUS from './locales/en-US.json' with { type: 'json' };
import jaJP from './locales/ja-JP.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };

export type Messages = typeof enUS;

/** The message catalogues; en-US is the reference every other locale must match key for key. */
export const MESSAGES: Record<Locale, Messages> = {
  'en-US': enUS,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  'ja-JP': jaJP,
};

/** Dotted keys of a catalogue, for the parity check and for lookups. */
export function flattenKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flattenKeys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Looks up `error.login_invalid`-style keys and fills `{{name}}` slots. */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  let node: unknown = MESSAGES[locale];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}
