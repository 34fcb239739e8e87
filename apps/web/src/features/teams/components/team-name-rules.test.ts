import { expect, it } from 'vitest';
import { characterCount, teamNameProblem } from './team-name-rules.ts';

it('needs a team name of 3 to 100 characters, counted as the server counts them', () => {
  expect(teamNameProblem(undefined)).toBe('team.name_required');
  expect(teamNameProblem('   ')).toBe('team.name_required');
  expect(teamNameProblem(' ab ')).toBe('team.name_length');
  expect(teamNameProblem('abc')).toBeNull();
  expect(teamNameProblem('团队名')).toBeNull();
  expect(teamNameProblem('x'.repeat(101))).toBe('team.name_length');
  // Three emoji are three characters, though six UTF-16 units.
  expect(characterCount('🚀🚀🚀')).toBe(3);
  expect(teamNameProblem('🚀'.repeat(100))).toBeNull();
});

it('refuses names with hidden direction or control characters', () => {
  expect(teamNameProblem('Acme\u202Eevil')).toBe('validation.invalid');
});
