import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment, ticking once a second. Counted from the end time rather than by
 * decrementing, so a throttled background tab still shows the right wait when it wakes.
 */
export function useCountdown(): [secondsLeft: number, start: (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (!endsAt) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) setEndsAt(0);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => setEndsAt(Date.now() + seconds * 1000), []);
  return [secondsLeft, start];
}
