import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TestProviderData } from '../api/providers.ts';

/** The answer of "test connection": the model's reply, or the provider's own error text (not translated). */
export function TestResult({ result, name }: { result: TestProviderData; name?: string }) {
  const { t } = useTranslation();
  const values = { model: result.model_key, ms: result.latency_ms, name: name ?? '' };
  return (
    <Alert
      className="models-admin__test-result"
      role="status"
      showIcon
      type={result.ok ? 'success' : 'error'}
      title={t(
        result.ok
          ? name
            ? 'models_admin.test_ok_named'
            : 'models_admin.test_ok'
          : name
            ? 'models_admin.test_failed_named'
            : 'models_admin.test_failed',
        values,
      )}
      description={result.message || undefined}
    />
  );
}
