import { BookOutlined } from '@ant-design/icons';
import { AGENT_KNOWLEDGE_MAX } from '@tandem/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { Empty, Select } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../../shared/ui/use-debounced-value.ts';
import { knowledgeBasesQuery } from '../../api/knowledge-bases.ts';

/**
 * The projects of the agent's team it draws on (`knowledge_ids`, at most AGENT_KNOWLEDGE_MAX), searched
 * as you type. A chosen project the editor may not read (another editor chose it) keeps its place,
 * named as such; the server checks each is the team's.
 */
export function KnowledgeField({
  id,
  value,
  onChange,
  agentId,
}: {
  id?: string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  /** The agent being edited; undefined while a new one is made (its team is the current one). */
  agentId?: number;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const projects = useQuery(knowledgeBasesQuery(agentId, useDebouncedValue(search, 250)));
  // Names of the projects seen, so a chosen one keeps its name when a search leaves it out.
  const names = useRef(new Map<number, string>());
  for (const project of projects.data?.data ?? []) names.current.set(project.id, project.name);
  const chosen = value ?? [];
  const listed = new Set((projects.data?.data ?? []).map((project) => project.id));
  const options = [
    ...(projects.data?.data ?? []).map((project) => ({
      value: project.id,
      label: project.name,
      title: t('agent_knowledge.documents', { count: project.doc_count }),
    })),
    ...chosen
      .filter((projectId) => !listed.has(projectId))
      .map((projectId) => ({
        value: projectId,
        label: names.current.get(projectId) ?? t('agent_knowledge.hidden_project'),
      })),
  ];
  return (
    <Select<number[]>
      id={id}
      aria-label={t('agent_knowledge.label')}
      mode="multiple"
      value={chosen}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onBlur={() => setSearch('')}
      loading={projects.isFetching}
      suffixIcon={<BookOutlined />}
      placeholder={t('agent_knowledge.placeholder')}
      maxCount={AGENT_KNOWLEDGE_MAX}
      notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('agent_knowledge.none')} />}
    />
  );
}
