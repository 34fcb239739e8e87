import enUS from '../../packages/contract/src/locales/en-US.json' with { type: 'json' };
import jaJP from '../../packages/contract/src/locales/ja-JP.json' with { type: 'json' };
import zhCN from '../../packages/contract/src/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../packages/contract/src/locales/zh-TW.json' with { type: 'json' };

/** The product's own catalogues, so specs assert the text a user reads in each language. */
export const MESSAGES = { 'en-US': enUS, 'zh-CN': zhCN, 'zh-TW': zhTW, 'ja-JP': jaJP };
export type LocaleTag = keyof typeof MESSAGES;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A button's accessible name; antd spaces out two-character Chinese labels ("登 录"). */
export const buttonName = (text: string) => new RegExp(`^${[...text].map(escapeRegExp).join('\\s?')}$`);

/** A catalogue text with its {{placeholders}} filled in, as the app shows it (`{{n, number}}` grouped). */
export const fill = (text: string, values: Record<string, string | number>, locale = 'en-US') =>
  text.replace(/\{\{(\w+)(?:,\s*(\w+))?\}\}/g, (_, key: string, format?: string) => {
    const value = values[key];
    return format === 'number' && typeof value === 'number'
      ? new Intl.NumberFormat(locale).format(value)
      : String(value);
  });
