import { TEAM_API } from '@tandem/contract/api';
import type { Page } from '@tandem/contract/envelope';
import type { applicant } from '@tandem/contract/team';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PayloadOf } from '../../../shared/api/contract-types.ts';
import { http } from '../../../shared/api/http.ts';

export type Applicant = PayloadOf<typeof applicant>;

export const APPLICANTS_KEY = ['teams', 'applicants'] as const;

export const applicantsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...APPLICANTS_KEY, page, pageSize],
    queryFn: () => http.get<Page<Applicant>>(TEAM_API.applyList, { params: { page, page_size: pageSize } }),
    placeholderData: keepPreviousData,
  });

export const APPROVE = 1;
export const REJECT = 2;

export const decideApplications = (ids: number[], status: typeof APPROVE | typeof REJECT) =>
  http.post<{ approved: number; rejected: number }>(TEAM_API.applyAudit, { ids, status });
