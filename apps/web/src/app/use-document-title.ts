import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMeta } from './route-guard.ts';

export const PRODUCT_NAME = 'Tandem';

export const documentTitleFor = (routeTitle: string | undefined) =>
  routeTitle ? `${routeTitle} - ${PRODUCT_NAME}` : PRODUCT_NAME;

/**
 * "<route title> - Tandem" from the deepest matched route that names a title; `t` changes with the
 * language, so the title follows a language switch.
 */
export function useDocumentTitle(metas: readonly (RouteMeta | undefined)[]) {
  const { t } = useTranslation();
  const titleKey = [...metas].reverse().find((meta) => meta?.titleKey)?.titleKey;
  useEffect(() => {
    document.title = documentTitleFor(titleKey ? t(titleKey) : undefined);
  }, [titleKey, t]);
}
