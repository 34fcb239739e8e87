import type { Plugin } from 'vite';

const STAND_IN = '\0tandem:tooltip-unique-stand-in';

/**
 * antd's ConfigProvider imports the provider of its `tooltip.unique` option (one shared tooltip popup)
 * whether the option is on or not, and with it @rc-component/trigger, motion, portal and resize
 * observer: ~7 KB gzip on every page, the sign-in page included. The app never turns the option on
 * (providers.tsx), so ConfigProvider gets a provider that only renders its children.
 */
export function withoutTooltipUnique(): Plugin {
  return {
    name: 'tandem:without-tooltip-unique',
    apply: 'build',
    enforce: 'pre',
    resolveId: {
      filter: { id: /tooltip[\\/]UniqueProvider$/ },
      handler(_source, importer) {
        return importer && /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer) ? STAND_IN : null;
      },
    },
    load: {
      filter: { id: new RegExp(`^${STAND_IN}$`) },
      handler: () => 'export default function UniqueProvider({ children }) { return children; }',
    },
  };
}
