import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Member, membersQuery } from '../api/members.ts';

const SEARCH_DELAY_MS = 300;
const PICKER_PAGE_SIZE = 20;

/** What a member is known by in a list: the name, and an address to tell two namesakes apart. */
export const memberContactOf = (member: Pick<Member, 'email' | 'phone'>) => member.email || member.phone;

/** Picks one member of the current team, searching the server by name, email or phone as the user types. */
export function MemberPicker({
  value,
  onChange,
  initialLabel,
  exclude,
  placeholder,
  ariaLabel,
  id,
  allowClear,
}: {
  value?: number | null;
  onChange?: (userId: number | null, member?: Member) => void;
  /** The label of the current value before the search has loaded it. */
  initialLabel?: string;
  /** Members that cannot be chosen (the owner handing the team over). */
  exclude?: (member: Member) => boolean;
  placeholder?: string;
  ariaLabel?: string;
  id?: string;
  allowClear?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const members = useQuery(membersQuery({ page: 1, page_size: PICKER_PAGE_SIZE, keyword }));
  const rows = (members.data?.data ?? []).filter((member) => !exclude?.(member));
  const options: { value: number; label: string; member?: Member }[] = rows.map((member) => ({
    value: member.user_id,
    label: member.name,
    member,
  }));
  if (value && initialLabel && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: initialLabel });
  }

  return (
    <Select<number | null>
      id={id}
      aria-label={ariaLabel}
      value={value ?? null}
      placeholder={placeholder ?? t('org_admin.pick_member')}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      allowClear={allowClear}
      loading={members.isFetching}
      notFoundContent={members.isPending ? t('common.loading') : t('org_admin.no_members_found')}
      onChange={(next) => {
        setSearch('');
        onChange?.(
          next ?? null,
          rows.find((member) => member.user_id === next),
        );
      }}
      options={options}
      optionRender={(option) => {
        const member = option.data.member as Member | undefined;
        return (
          <span className="member-option">
            <Avatar size={24} src={member?.avatar || undefined} icon={<UserOutlined />} alt="" />
            <span className="member-option__name">{option.data.label}</span>
            {member && <span className="member-option__contact">{memberContactOf(member)}</span>}
          </span>
        );
      }}
    />
  );
}
