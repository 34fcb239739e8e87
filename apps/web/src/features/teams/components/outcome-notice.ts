import type { Notice } from '../../../shared/ui/notices.ts';

/** Things done to people in the back office, each with a toast naming them. */
export type Outcome = 'approved' | 'rejected' | 'moved' | 'moved_out' | 'removed' | 'restored' | 'forgotten';

/**
 * The toast after a batch: "Bob joined the team" when it was one known person, "3 people joined the
 * team" (in the language's plural) otherwise. `count` is what the server says it did, which can be less
 * than was selected when someone else acted first.
 */
export function outcomeNotice(
  outcome: Outcome,
  people: readonly { name: string }[],
  count: number,
  values: Record<string, string> = {},
): Notice {
  const [only] = people;
  if (count === 1 && people.length === 1 && only) {
    return { key: `org_admin.outcome.${outcome}_named`, values: { ...values, name: only.name } };
  }
  return { key: `org_admin.outcome.${outcome}`, values: { ...values, count } };
}
