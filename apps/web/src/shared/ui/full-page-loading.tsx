import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-mark.tsx';

/** The whole-page wait while the session starts; the same look as index.html's boot screen. */
export function FullPageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="full-page-loading" role="status" aria-live="polite">
      <BrandMark size={48} className="full-page-loading__mark" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
