import { Suspense } from 'react';
import { useSession } from '@/lib/session';
import { lazyComponent } from '@/lib/lazy-component';
import { ExplorePage } from './explore-page';

// The member's feed (post cards, composer, blog strip) is its own chunk: a visitor's "/" never loads it.
const HomePage = lazyComponent(
  () => import('./signed-in-home'),
  (m) => m.HomePage,
);

/** "/": the signed-in user's feed; a visitor sees the suggested-communities view (SPEC §2). */
export function HomeRoute() {
  const session = useSession();
  return session ? (
    <Suspense fallback={null}>
      <HomePage />
    </Suspense>
  ) : (
    <ExplorePage />
  );
}
