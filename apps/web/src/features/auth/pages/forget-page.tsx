import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AuthPlaceholder } from '../components/auth-placeholder.tsx';

export function ForgetPage() {
  const { t } = useTranslation();
  return <AuthPlaceholder icon={<KeyOutlined />} title={t('route.forget')} body={t('coming_soon.forget')} />;
}
