import { BookOutlined } from '@ant-design/icons';
import { Empty, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The team's knowledge bases the agent may draw on. They arrive with the knowledge feature; until then the
 * list is empty and says so.
 */
export function KnowledgeField({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select<number[]>
      id={id}
      aria-label={t('agents.knowledge.label')}
      mode="multiple"
      value={value ?? []}
      onChange={onChange}
      options={[]}
      suffixIcon={<BookOutlined />}
      placeholder={t('agents.knowledge.placeholder')}
      notFoundContent={
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agents.knowledge.none_yet')} />
      }
    />
  );
}
