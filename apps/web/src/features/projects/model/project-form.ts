import { hasUnsafeCharacters } from '@tandem/contract/account-rules';
import { PROJECT_NAME_MAX } from '@tandem/contract/limits';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** Characters as the server counts them: code points of the trimmed, NFC-normalised text. */
export const characterCount = (value: string) => [...value.normalize('NFC').trim()].length;

/** As the contract's `description` allows. */
export const PROJECT_DESCRIPTION_MAX = 2000;

/** Why a project name is refused (required, at most 50 characters), or null. */
export function projectNameProblem(value: string | undefined) {
  const length = characterCount(value ?? '');
  if (length === 0) return 'projects.form.name_required' as const;
  if (length > PROJECT_NAME_MAX) return 'projects.form.name_too_long' as const;
  if (hasUnsafeCharacters(value ?? '')) return 'validation.invalid' as const;
  return null;
}

export const PROJECT_NAME_COUNT = { max: PROJECT_NAME_MAX, show: true, strategy: characterCount };
export const PROJECT_DESCRIPTION_COUNT = {
  max: PROJECT_DESCRIPTION_MAX,
  show: true,
  strategy: characterCount,
};

export const projectNameRule = (t: TFunction): Rule => ({
  validator: (_, value: string | undefined) => {
    const problem = projectNameProblem(value);
    return problem ? Promise.reject(new Error(t(problem, { max: PROJECT_NAME_MAX }))) : Promise.resolve();
  },
});

/** Deleting asks for the name exactly as it is, spaces at the ends aside. */
export const isProjectNameMatch = (typed: string, name: string) =>
  typed.normalize('NFC').trim() === name.normalize('NFC').trim();

/** Whether more typing could still give the name: what is typed is how the name begins. */
export const couldStillMatchName = (typed: string, name: string) =>
  name.normalize('NFC').startsWith(typed.normalize('NFC').trimStart());
