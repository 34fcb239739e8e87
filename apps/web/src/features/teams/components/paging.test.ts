import { expect, it } from 'vitest';
import { pageWithinTotal } from './paging.ts';

it('steps back to the last page that still has rows after the list shrinks', () => {
  expect(pageWithinTotal(3, 10, 21)).toBe(3);
  expect(pageWithinTotal(3, 10, 20)).toBe(2);
  expect(pageWithinTotal(2, 10, 0)).toBe(1);
  expect(pageWithinTotal(1, 10, 0)).toBe(1);
});
