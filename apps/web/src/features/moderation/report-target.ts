import type { ReportTarget } from '@agora/contract';

/** What a Report button and its dialog report. */
export interface ReportTargetProps {
  targetType: ReportTarget;
  targetId: number;
  groupId: number;
  /** Whose item it is (the person, for a member): nobody reports their own. */
  authorId: number | null;
  /** The author's (or the member's) username, for the button's accessible name. */
  name: string;
}
