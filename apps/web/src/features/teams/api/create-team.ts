import { TEAM_API } from '@tandem/contract/api';
import type { Locale } from '@tandem/contract/i18n';
import type { createTeamBody, IndustryNode } from '@tandem/contract/team';
import { queryOptions } from '@tanstack/react-query';
import type { PayloadOf } from '../../../shared/api/contract-types.ts';
import { http } from '../../../shared/api/http.ts';

export type CreateTeamBody = PayloadOf<typeof createTeamBody>;

/** The industry tree comes named in the request's language, so each language is its own entry. */
export const industryTreeQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['dict', 'industry', locale],
    queryFn: () => http.get<IndustryNode[]>(TEAM_API.industryTree),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Creates an organisation team; the server makes it the creator's current team. */
export const createTeam = (body: CreateTeamBody) => http.post<{ team_id: number }>(TEAM_API.create, body);
