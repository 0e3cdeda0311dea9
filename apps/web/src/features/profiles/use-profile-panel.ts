import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The profile panel is driven by the URL: `?profile=me` (own) or `?profile=<id>`. One search parameter means
 * only one panel can be open, it works on every page, survives a reload, and the browser's Back closes it.
 */
export const PROFILE_PARAM = 'profile';

export function useProfilePanel() {
  const [params, setParams] = useSearchParams();
  const profileId = params.get(PROFILE_PARAM);

  const open = useCallback(
    (id: number | 'me' = 'me') => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(PROFILE_PARAM, String(id));
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  const close = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PROFILE_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  }, [setParams]);

  return { profileId, isOpen: profileId !== null, open, close };
}
