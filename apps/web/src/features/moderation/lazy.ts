import { createElement, Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { useSession } from '@/lib/session';
import type { ReportTargetProps } from './report-target';

/**
 * Moderation's pieces for first-load screens (feeds, the post panel, a blog page, the members page). The Report
 * button shows only to signed-in people who are not the author, so its code (label texts, icon) loads only for them;
 * its dialog, the report calls and their schemas load on the first press.
 */
export type { ReportTargetProps } from './report-target';

const ReportButtonImpl = lazyComponent(
  () => import('./report-button'),
  (m) => m.ReportButton,
);

type ReportButtonProps = ReportTargetProps & { className?: string; showLabel?: boolean };

/** "Report" (issue 15 §2): nothing for visitors and on one's own items (see report-button.tsx). */
export function ReportButton(props: ReportButtonProps) {
  const session = useSession();
  if (!session || props.authorId === null || props.authorId === session.userId) return null;
  return createElement(Suspense, { fallback: null }, createElement(ReportButtonImpl, props));
}
