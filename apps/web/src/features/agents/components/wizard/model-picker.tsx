import { PictureOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AvailableModel, availableModelsQuery } from '../../../../shared/models/available-models.ts';
import { MODELS_ADMIN_PATH } from '../../../../shared/routing/agent-paths.ts';
import { useSessionStore } from '../../../../shared/session/session-store.ts';

/** What a model costs and can do, beside its name. */
function ModelFacts({ model }: { model: AvailableModel }) {
  const { t } = useTranslation();
  return (
    <span className="model-facts">
      <Tag color="processing" variant="filled" icon={<ThunderboltOutlined />}>
        {t('agents.model.points', { count: model.points_per_request })}
      </Tag>
      {model.context_length ? (
        <span>{t('agents.model.context', { count: Math.round(model.context_length / 1000) })}</span>
      ) : null}
      {model.supports_images && (
        <span>
          <PictureOutlined aria-hidden="true" /> {t('agents.model.images')}
        </span>
      )}
    </span>
  );
}

/**
 * The model the agent answers with, among the enabled completion models, each with its points per
 * request. With none, says that an operator has to connect a provider (and where, to one who can).
 */
export function ModelPicker({
  id,
  value,
  onChange,
  unavailableName,
}: {
  id?: string;
  value?: number | null;
  onChange?: (modelId: number | null) => void;
  /** The saved model's name when it is no longer offered (disabled, or its provider is). */
  unavailableName?: string;
}) {
  const { t } = useTranslation();
  const isSuper = useSessionStore((state) => !!state.user?.is_super);
  const models = useQuery(availableModelsQuery);
  const list = models.data ?? [];
  const chosen = list.find((model) => model.id === value);

  if (models.isSuccess && list.length === 0) {
    return (
      <Alert
        type="info"
        showIcon
        title={t('agents.model.none_title')}
        description={
          <>
            {t('agents.model.none_body')}{' '}
            {isSuper && <Link to={MODELS_ADMIN_PATH}>{t('agents.model.none_admin_link')}</Link>}
          </>
        }
      />
    );
  }

  return (
    <div className="model-picker">
      <Select<number | null>
        id={id}
        aria-label={t('agents.model.label')}
        value={value ?? null}
        onChange={(next) => onChange?.(next ?? null)}
        loading={models.isPending}
        placeholder={t('agents.model.placeholder')}
        options={list.map((model) => ({ value: model.id, label: model.name, model }))}
        optionRender={(option) => {
          const model = option.data.model as AvailableModel;
          return (
            <span className="model-option">
              <span className="model-option__name">
                {model.name} <span className="model-option__provider">{model.provider_name}</span>
              </span>
              <ModelFacts model={model} />
            </span>
          );
        }}
        labelRender={({ value: selected, label }) =>
          selected && !chosen && unavailableName ? unavailableName : label
        }
      />
      {chosen && (
        <div className="model-picker__chosen">
          <ModelFacts model={chosen} />
          {chosen.parameter_size && <span>{t('agents.model.size', { size: chosen.parameter_size })}</span>}
          {chosen.training_date && <span>{t('agents.model.trained', { date: chosen.training_date })}</span>}
        </div>
      )}
      {value && models.isSuccess && !chosen && (
        <Alert
          type="warning"
          showIcon
          title={t('agents.model.unavailable')}
          className="model-picker__warning"
        />
      )}
    </div>
  );
}
