import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's search params, and a way to change some of them (an empty value removes one) without a new
 * history entry: pages that keep their filters in the address (to be shared, to survive a reload) use it.
 */
export function useSearchPatch() {
  const [params, setParams] = useSearchParams();
  const patch = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, patch] as const;
}
