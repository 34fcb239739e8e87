import { UserOutlined } from '@ant-design/icons';
import type { Page } from '@tandem/contract/envelope';
import { keepPreviousData, type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Avatar, Select } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from './use-debounced-value.ts';
import './candidate-select.css';

const SEARCH_DELAY_MS = 300;

/** A person of a team to choose, as the candidates calls answer them (contacts masked). */
export type Candidate = { user_id: number; name: string; avatar: string; email: string; phone: string };

/** One page of candidates for a keyword, searched on the server. */
export type CandidatesQuery<C extends Candidate, K extends QueryKey> = (
  keyword: string,
) => UseQueryOptions<Page<C>, Error, Page<C>, K>;

/**
 * Picks members of a team for something (an agent, a project), searching the server by name (or a
 * whole address) as the user types; `standing` tags where each already stands with it. `chosen` keeps
 * the people picked, so their names stay shown while another search runs.
 */
export function CandidateSelect<C extends Candidate, K extends QueryKey>({
  candidates: candidatesOf,
  standing,
  multiple = false,
  chosen,
  onChange,
  isDisabled,
  id,
  ariaLabel,
  placeholder,
  notFoundText,
  className,
}: {
  candidates: CandidatesQuery<C, K>;
  standing: (candidate: C) => ReactNode;
  multiple?: boolean;
  chosen: C[];
  onChange: (chosen: C[]) => void;
  /** People who cannot be picked here (the owner, who has every permission already). */
  isDisabled?: (candidate: C) => boolean;
  id?: string;
  ariaLabel: string;
  placeholder: string;
  notFoundText: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const keyword = useDebouncedValue(search, SEARCH_DELAY_MS);
  const candidates = useQuery({ ...candidatesOf(keyword), placeholderData: keepPreviousData });
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
      notFoundContent={candidates.isPending ? t('common.loading') : notFoundText}
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
            {standing(candidate)}
          </span>
        );
      }}
    />
  );
}
