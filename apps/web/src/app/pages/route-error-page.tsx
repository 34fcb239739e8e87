import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { BrandMark } from '../../shared/ui/brand-mark.tsx';

/** A page chunk failed to load (often a new release replaced it) or a page crashed. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className="full-page-loading" role="alert">
      <BrandMark size={48} />
      <h1 className="route-error__title">{t('session.page_failed_title')}</h1>
      <p className="route-error__body">{t('session.page_failed_body')}</p>
      <Button type="primary" onClick={() => location.reload()}>
        {t('common.refresh')}
      </Button>
    </main>
  );
}
