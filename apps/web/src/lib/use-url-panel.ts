import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The one way a panel is driven by the URL (the profile panel's `?profile=`, the post panel's `?post=&comment=`):
 * its search parameters say what is open, so it works on every page, survives a reload, can be shared, and the
 * browser's Back closes it. `set` writes the named parameters (null deletes one), in the order given, and keeps
 * the page's scroll.
 */
export function useUrlPanel() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (values: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value === null) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );
  return { params, set };
}
