import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/ui/use-debounced-value.ts';
import { type AgentCandidate, agentCandidatesQuery } from '../api/members.ts';

const SEARCH_DELAY_MS = 300;

/** Where the person already stands with the agent, as a tag beside their name. */
function StandingTag({ candidate }: { candidate: AgentCandidate }) {
  const { t } = useTranslation();
  if (candidate.is_owner) return <Tag color="gold">{t('agents.members.owner')}</Tag>;
  if (!candidate.permission) return null;
  const permission = t(`agents.members.permission_${candidate.permission}`);
  return <Tag>{t('agents.members.already_member', { permission })}</Tag>;
}

/**
 * Picks members of the agent's team, searching the server by name (or a whole address) as the user
 * types. `chosen` keeps the people picked, so their names stay shown while another search runs.
 */
export function CandidateSelect({
  agentId,
  multiple = false,
  chosen,
  onChange,
  isDisabled,
  id,
  ariaLabel,
  placeholder,
  className,
}: {
  agentId: number;
  multiple?: boolean;
  chosen: AgentCandidate[];
  onChange: (chosen: AgentCandidate[]) => void;
  /** People who cannot be picked here (the owner, when handing the agent over). */
  isDisabled?: (candidate: AgentCandidate) => boolean;
  id?: string;
  ariaLabel: string;
  placeholder: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, SEARCH_DELAY_MS);
  const candidates = useQuery(agentCandidatesQuery(agentId, keyword));
  const found = candidates.data?.data ?? [];
  const known = [
    ...found,
    ...chosen.filter((person) => !found.some((row) => row.user_id === person.user_id)),
  ];
  const pick = (ids: number[]) =>
    onChange(ids.flatMap((userId) => known.filter((person) => person.user_id === userId)));
  const options = known.map((candidate) => ({
    value: candidate.user_id,
    label: candidate.name,
    disabled: isDisabled?.(candidate) ?? false,
    candidate,
  }));

  return (
    <Select<number | number[] | null>
      id={id}
      className={className}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? chosen.map((person) => person.user_id) : (chosen[0]?.user_id ?? null)}
      onChange={(next) => {
        setSearch('');
        pick(next === null ? [] : Array.isArray(next) ? next : [next]);
      }}
      aria-label={ariaLabel}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={candidates.isFetching}
      notFoundContent={candidates.isPending ? t('common.loading') : t('agents.members.none_found')}
      options={options}
      optionRender={(option) => {
        const candidate = option.data.candidate;
        return (
          <span className="candidate-option">
            <Avatar size={24} src={candidate.avatar || undefined} icon={<UserOutlined />} alt="" />
            <span className="candidate-option__text">
              <span className="candidate-option__name">{candidate.name}</span>
              <span className="candidate-option__contact">{candidate.email || candidate.phone}</span>
            </span>
            <StandingTag candidate={candidate} />
          </span>
        );
      }}
    />
  );
}
