import { useState } from 'react';

/**
 * A server action and whether it is running, for a button's spinner. A failure answers undefined: the HTTP
 * client has already said why. (Not TanStack's useMutation: its observer would move part of the query
 * library into a chunk the sign-in page downloads.)
 */
export function usePendingAction<A extends unknown[], R>(action: (...args: A) => Promise<R>) {
  const [isPending, setIsPending] = useState(false);
  async function run(...args: A): Promise<R | undefined> {
    setIsPending(true);
    try {
      return await action(...args);
    } catch {
      return undefined;
    } finally {
      setIsPending(false);
    }
  }
  return { isPending, run };
}
