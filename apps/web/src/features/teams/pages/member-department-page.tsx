import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { departmentTreeQuery } from '../api/departments.ts';
import { DepartmentPanel } from '../components/department-panel.tsx';
import { type DepartmentFilter, departmentPath, validFilter } from '../components/department-tree-model.ts';
import { LeavingMembers } from '../components/leaving-members.tsx';
import { MemberTable } from '../components/member-table.tsx';
import './org-admin.css';

const LEAVERS_TAB = 'leavers';

/** Members and departments: the tree beside the member list, and leaving members. */
export function MemberDepartmentPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === LEAVERS_TAB ? LEAVERS_TAB : 'members';
  return (
    <div className="org-page">
      <h2 className="org-page__title">{t('route.org_admin_member_department')}</h2>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setSearchParams(key === LEAVERS_TAB ? { tab: LEAVERS_TAB } : {}, { replace: true })
        }
        items={[
          { key: 'members', label: t('org_admin.tab_members'), children: <MembersAndDepartments /> },
          { key: LEAVERS_TAB, label: t('org_admin.tab_leavers'), children: <LeavingMembers /> },
        ]}
      />
    </div>
  );
}

function MembersAndDepartments() {
  const { t } = useTranslation();
  const departments = useQuery(departmentTreeQuery);
  const [chosen, setChosen] = useState<DepartmentFilter>('all');
  const filter = departments.data ? validFilter(departments.data, chosen) : chosen;
  const title =
    filter === 'all'
      ? t('org_admin.all_members')
      : filter === 'none'
        ? t('org_admin.no_department')
        : departmentPath(departments.data ?? [], filter).join(' / ');
  return (
    <div className="members-layout">
      <DepartmentPanel filter={filter} onFilterChange={setChosen} />
      <MemberTable filter={filter} departmentName={title} />
    </div>
  );
}
