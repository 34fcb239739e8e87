import { MODEL_TYPES, type ModelType } from '@tandem/contract/agent-rules';
import {
  CONTEXT_LENGTH_MAX,
  DEFAULT_CONTEXT_LENGTH,
  MODEL_KEY_MAX,
  MODEL_NAME_MAX,
  MODEL_SORT_MAX,
  PARAMETER_SIZE_MAX,
  POINTS_PER_REQUEST_MAX,
  TRAINING_DATE_MAX,
} from '@tandem/contract/model-rules';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Model, type SaveModelBody, saveModel } from '../api/models.ts';
import type { ModelProvider } from '../api/providers.ts';
import { useDialogSave } from './use-dialog-save.ts';

type ModelForm = Omit<SaveModelBody, 'id'>;

const NO_SPACES = /^\S+$/;

/** Adds or edits a model with every field the wizard and billing use. */
export function ModelDialog({
  open,
  model,
  providers,
  defaultProviderId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** Undefined adds a model. */
  model?: Model;
  providers: ModelProvider[];
  defaultProviderId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ModelForm>();
  const { isSaving, save } = useDialogSave(
    form,
    (values) =>
      saveModel({ ...(model ? { id: model.id } : {}), ...values, model_key: values.model_key.trim() }),
    { onSaved, onClose },
  );
  const textRules = (max: number, isRequired = false) => [
    ...(isRequired ? [{ required: true, whitespace: true, message: t('validation.required') }] : []),
    { max, message: t('validation.too_long', { max }) },
  ];
  const numberItem = (name: keyof ModelForm, labelKey: string, min: number, max: number, extra?: string) => (
    <Form.Item
      name={name}
      label={t(labelKey)}
      extra={extra}
      rules={[
        { required: true, message: t('validation.required') },
        { type: 'number', min, max, message: t('models_admin.number_range', { min, max }) },
      ]}
    >
      <InputNumber min={min} max={max} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  );

  const initialValues: Partial<ModelForm> = model ?? {
    provider_id: defaultProviderId ?? providers[0]?.id,
    type: 'completion',
    parameter_size: '',
    training_date: '',
    context_length: DEFAULT_CONTEXT_LENGTH,
    supports_images: false,
    points_per_request: 1,
    enabled: true,
    sort: 0,
  };

  return (
    <Modal
      open={open}
      title={t(model ? 'models_admin.edit_model' : 'models_admin.add_model')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<ModelForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        className="models-admin__model-form"
      >
        <Form.Item
          name="provider_id"
          label={t('models_admin.column_provider')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select options={providers.map((provider) => ({ value: provider.id, label: provider.name }))} />
        </Form.Item>
        <Form.Item name="type" label={t('models_admin.model_type')} rules={[{ required: true }]}>
          <Select
            options={MODEL_TYPES.map((type: ModelType) => ({
              value: type,
              label: t(`models_admin.type_${type}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('models_admin.model_name')} rules={textRules(MODEL_NAME_MAX, true)}>
          <Input autoComplete="off" placeholder="GPT-4o mini" />
        </Form.Item>
        <Form.Item
          name="model_key"
          label={t('models_admin.model_key')}
          extra={t('models_admin.model_key_hint')}
          rules={[
            ...textRules(MODEL_KEY_MAX, true),
            { pattern: NO_SPACES, message: t('models_admin.model_key_invalid') },
          ]}
        >
          <Input autoComplete="off" placeholder="gpt-4o-mini" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="parameter_size"
          label={t('models_admin.parameter_size')}
          rules={textRules(PARAMETER_SIZE_MAX)}
        >
          <Input autoComplete="off" placeholder="7B" />
        </Form.Item>
        <Form.Item
          name="training_date"
          label={t('models_admin.training_date')}
          rules={textRules(TRAINING_DATE_MAX)}
        >
          <Input autoComplete="off" placeholder="2024-06" />
        </Form.Item>
        {numberItem('context_length', 'models_admin.context_length', 1, CONTEXT_LENGTH_MAX)}
        {numberItem('points_per_request', 'models_admin.points_per_request', 0, POINTS_PER_REQUEST_MAX)}
        {numberItem('sort', 'models_admin.sort', 0, MODEL_SORT_MAX, t('models_admin.sort_hint'))}
        <div className="models-admin__switches">
          <Form.Item name="supports_images" label={t('models_admin.supports_images')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('models_admin.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
