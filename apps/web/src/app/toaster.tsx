import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToasts, whenToastsWanted } from '@/lib/toast';
import type { Theme } from '@/lib/theme';

const AppToasterImpl = lazy(() => import('./toaster-impl'));

/** Events after which a toast may follow (every toast answers something the person did). */
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Mounts sonner's toaster on the first interaction or the first toast requested, whichever comes first, so
 * a page that is only looked at never loads it (lib/toast.ts). sonner replays toasts made before it mounted.
 */
export function AppToaster({ theme }: { theme: Theme }) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    const want = () => {
      void loadToasts();
      setWanted(true);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, want, { once: true, capture: true, passive: true });
    const unsubscribe = whenToastsWanted(() => setWanted(true));
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, want, { capture: true });
      unsubscribe();
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToasterImpl theme={theme} />
    </Suspense>
  );
}
