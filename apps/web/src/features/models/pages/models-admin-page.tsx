import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODELS_ADMIN_KEY } from '../api/providers.ts';
import { ModelsSection } from '../components/models-section.tsx';
import { ProvidersSection } from '../components/providers-section.tsx';
import { WritingModelSection } from '../components/writing-model-section.tsx';
import './models-admin.css';

/** The platform admin's screen (`is_super`): the providers agents answer with and the models users pick. */
export function ModelsAdminPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A provider's write changes the models' provider names and a model's write the providers' counts.
  const refresh = () => queryClient.invalidateQueries({ queryKey: MODELS_ADMIN_KEY });

  return (
    <div className="models-admin">
      <header>
        <h2 className="models-admin__title">{t('models_admin.title')}</h2>
        <p className="models-admin__intro">{t('models_admin.intro')}</p>
      </header>
      <ProvidersSection onChanged={refresh} />
      <ModelsSection onChanged={refresh} />
      <WritingModelSection />
    </div>
  );
}
