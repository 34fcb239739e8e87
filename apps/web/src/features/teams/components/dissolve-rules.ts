import { DISSOLVE_TEAM_CONFIRM_TEXT } from '@tandem/contract/limits';

/** Dissolving needs the word typed exactly; spaces around it are forgiven. */
export const canDissolve = (typed: string) => typed.trim() === DISSOLVE_TEAM_CONFIRM_TEXT;

export { DISSOLVE_TEAM_CONFIRM_TEXT };
