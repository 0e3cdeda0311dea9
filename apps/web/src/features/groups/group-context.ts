import { useOutletContext } from 'react-router';
import type { GroupDetailResponse } from '@agora/contract';
import type { Viewer } from './access';

/** What the community page (group-layout.tsx) hands its tabs, whichever feature renders the tab. */
export interface GroupOutletContext {
  detail: GroupDetailResponse;
  viewer: Viewer;
  /** The community's path as the address bar has it (slug or id), for links between its tabs. */
  basePath: string;
}

export function useGroupContext(): GroupOutletContext {
  return useOutletContext<GroupOutletContext>();
}
