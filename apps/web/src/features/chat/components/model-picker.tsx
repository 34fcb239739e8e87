import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type AvailableModel, availableModelsQuery } from '../../../shared/models/available-models.ts';
import './model-picker.css';

/**
 * The default assistant's model picker: any model the platform offers, for this conversation, each
 * with what a message costs on it. Shows nothing while no model is connected (the chat says how).
 */
export function ModelPicker({
  value,
  onChange,
  disabled,
}: {
  value: number | null;
  onChange: (model: AvailableModel) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const models = useQuery(availableModelsQuery);
  const offered = models.data ?? [];
  if (offered.length === 0) return null;
  return (
    <Select
      className="chat-model-picker"
      size="small"
      variant="filled"
      aria-label={t('chat.model_picker')}
      disabled={disabled}
      value={value ?? undefined}
      popupMatchSelectWidth={false}
      onChange={(id: number) => {
        const chosen = offered.find((model) => model.id === id);
        if (chosen) onChange(chosen);
      }}
      options={offered.map((model) => ({
        value: model.id,
        label: model.name,
        title: model.provider_name,
        points: model.points_per_request,
      }))}
      optionRender={(option) => (
        <span className="chat-model-option">
          <span>{option.label}</span>
          <span className="chat-model-option__points">
            {t('chat.points_per_message', { count: option.data.points })}
          </span>
        </span>
      )}
    />
  );
}

/**
 * The model a default assistant's conversation answers with: the one picked here, else the one that
 * wrote its latest reply, else the platform's default.
 */
export function useConversationModel(
  picked: number | null,
  latestReplyModel: number | null,
): AvailableModel | undefined {
  const models = useQuery(availableModelsQuery);
  const offered = models.data ?? [];
  const wanted = picked ?? latestReplyModel;
  return (
    offered.find((model) => model.id === wanted) ?? offered.find((model) => model.is_default) ?? offered[0]
  );
}
