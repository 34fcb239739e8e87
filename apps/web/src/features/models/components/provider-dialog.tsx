import { PROVIDER_KINDS, type ProviderKind } from '@tandem/contract/agent-rules';
import { API_KEY_MAX, BASE_URL_MAX, MODEL_KEY_MAX, PROVIDER_NAME_MAX } from '@tandem/contract/model-rules';
import { Button, Checkbox, Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ModelProvider,
  type SaveProviderBody,
  saveProvider,
  type TestProviderData,
  testProvider,
} from '../api/providers.ts';
import { TestResult } from './test-result.tsx';
import { useDialogSave } from './use-dialog-save.ts';

type ProviderForm = {
  name: string;
  kind: ProviderKind;
  base_url: string;
  api_key?: string;
  remove_key: boolean;
  enabled: boolean;
  test_model?: string;
};

const HTTP_URL = /^https?:\/\/[^\s/]+\S*$/i;
const NO_SPACES = /^\S*$/;

/** The locale key of a provider kind's name. */
export const kindLabel = (kind: ProviderKind) => `models_admin.kind_${kind.replace('-', '_')}`;

/** What the form sends: a blank key field keeps the saved key, "remove" clears it. */
function bodyOf(values: ProviderForm, provider: ModelProvider | undefined): SaveProviderBody {
  const key = values.api_key?.trim();
  return {
    ...(provider ? { id: provider.id } : {}),
    name: values.name,
    kind: values.kind,
    base_url: values.base_url.trim(),
    enabled: values.enabled,
    ...(key ? { api_key: key } : values.remove_key ? { api_key: null } : {}),
  };
}

/** Adds or edits a provider, and tries its connection with the values in the form before saving. */
export function ProviderDialog({
  open,
  provider,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** Undefined adds a provider. */
  provider?: ModelProvider;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderForm>();
  const [isTesting, setIsTesting] = useState(false);
  const [result, setResult] = useState<TestProviderData | null>(null);
  const hasSavedKey = provider?.has_api_key ?? false;
  const isRemovingKey = Form.useWatch('remove_key', form);
  const { isSaving, save } = useDialogSave(form, (values) => saveProvider(bodyOf(values, provider)), {
    onSaved,
    onClose,
  });

  async function test() {
    const values = await form
      .validateFields(['kind', 'base_url', 'api_key', 'test_model'])
      .catch(() => undefined);
    if (!values) return;
    setIsTesting(true);
    setResult(null);
    try {
      const key = values.api_key?.trim();
      const model = values.test_model?.trim();
      setResult(
        await testProvider({
          ...(provider ? { id: provider.id } : {}),
          kind: values.kind,
          base_url: values.base_url.trim(),
          ...(key ? { api_key: key } : {}),
          ...(model ? { model_key: model } : {}),
        }),
      );
    } catch {
      // Reported by the HTTP client (for one, a provider without models and no model named).
    } finally {
      setIsTesting(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t(provider ? 'models_admin.edit_provider' : 'models_admin.add_provider')}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(isOpen) => !isOpen && setResult(null)}
      footer={[
        <Button key="test" onClick={() => void test()} loading={isTesting}>
          {t('models_admin.test')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={isSaving} onClick={() => void save()}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <Form<ProviderForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{
          name: provider?.name ?? '',
          kind: provider?.kind ?? 'openai-compatible',
          base_url: provider?.base_url ?? '',
          remove_key: false,
          enabled: provider?.enabled ?? true,
        }}
        onFinish={() => void save()}
      >
        <Form.Item
          name="name"
          label={t('models_admin.provider_name')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { max: PROVIDER_NAME_MAX, message: t('validation.too_long', { max: PROVIDER_NAME_MAX }) },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="kind" label={t('models_admin.provider_kind')} rules={[{ required: true }]}>
          <Select options={PROVIDER_KINDS.map((kind) => ({ value: kind, label: t(kindLabel(kind)) }))} />
        </Form.Item>
        <Form.Item
          name="base_url"
          normalize={(value: string) => value.trim()}
          label={t('models_admin.base_url')}
          extra={t('models_admin.base_url_hint')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { pattern: HTTP_URL, message: t('models_admin.base_url_invalid') },
            { max: BASE_URL_MAX, message: t('validation.too_long', { max: BASE_URL_MAX }) },
          ]}
        >
          <Input autoComplete="off" inputMode="url" placeholder="https://api.openai.com/v1" />
        </Form.Item>
        <Form.Item
          name="api_key"
          label={t('models_admin.api_key')}
          extra={t('models_admin.api_key_hint')}
          rules={[{ max: API_KEY_MAX, message: t('validation.too_long', { max: API_KEY_MAX }) }]}
        >
          <Input.Password
            autoComplete="new-password"
            disabled={isRemovingKey}
            placeholder={t(hasSavedKey ? 'models_admin.api_key_saved' : 'models_admin.api_key_new')}
          />
        </Form.Item>
        {hasSavedKey && (
          <Form.Item name="remove_key" valuePropName="checked">
            <Checkbox>{t('models_admin.remove_key')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="enabled" label={t('models_admin.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="test_model"
          label={t('models_admin.test_model')}
          extra={t('models_admin.test_model_hint')}
          rules={[
            { pattern: NO_SPACES, message: t('models_admin.model_key_invalid') },
            { max: MODEL_KEY_MAX, message: t('validation.too_long', { max: MODEL_KEY_MAX }) },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Form>
      {result && <TestResult result={result} />}
    </Modal>
  );
}
