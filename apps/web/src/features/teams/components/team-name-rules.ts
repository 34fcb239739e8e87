import { hasUnsafeCharacters } from '@tandem/contract/account-rules';
import { TEAM_NAME_MAX, TEAM_NAME_MIN } from '@tandem/contract/limits';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Characters as the server counts them: code points of the trimmed, NFC-normalised text. */
export const characterCount = (value: string) => [...value.normalize('NFC').trim()].length;

/** Why a team name is refused (required, 3 to 100 characters), or null. */
export function teamNameProblem(value: string | undefined) {
  const length = characterCount(value ?? '');
  if (length === 0) return 'team.name_required' as const;
  if (length < TEAM_NAME_MIN || length > TEAM_NAME_MAX) return 'team.name_length' as const;
  if (hasUnsafeCharacters(value ?? '')) return 'validation.invalid' as const;
  return null;
}

/** The antd `count` of a team name field: the same count, shown against the limit. */
export const TEAM_NAME_COUNT = { max: TEAM_NAME_MAX, show: true, strategy: characterCount };

/** The name field's form rule: the problem above, said in the interface language. */
export const teamNameRule = (t: TFunction): Rule => ({
  validator: (_, value: string | undefined) => {
    const problem = teamNameProblem(value);
    return problem
      ? Promise.reject(new Error(t(problem, { min: TEAM_NAME_MIN, max: TEAM_NAME_MAX })))
      : Promise.resolve();
  },
});
