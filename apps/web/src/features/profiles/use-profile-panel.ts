import { useCallback } from 'react';
import { useUrlPanel } from '@/lib/use-url-panel';

/**
 * The profile panel is driven by the URL (lib/use-url-panel.ts): `?profile=me` (own) or `?profile=<id>`. One search parameter means
 * only one panel can be open, it works on every page, survives a reload, and the browser's Back closes it.
 */
export const PROFILE_PARAM = 'profile';

export function useProfilePanel() {
  const { params, set } = useUrlPanel();
  const profileId = params.get(PROFILE_PARAM);
  const open = useCallback((id: number | 'me' = 'me') => set({ [PROFILE_PARAM]: String(id) }), [set]);
  const close = useCallback(() => set({ [PROFILE_PARAM]: null }), [set]);
  return { profileId, isOpen: profileId !== null, open, close };
}
