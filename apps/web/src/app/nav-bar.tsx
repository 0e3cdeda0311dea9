import { Suspense, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Compass, Home, LogIn } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Logo } from '@/components/logo';
import { ThemeMenu } from '@/components/theme-menu';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { loginPathFor } from '@/features/auth/public';
import { feedKeys } from '@/features/feed/api';
import { groupKeys } from '@/features/groups/keys';
import { groupsPanel } from '@/features/groups/use-groups-panel';
import { lazyComponent } from '@/lib/lazy-component';
import { APP_TEXTS } from './texts';
import { LanguageMenu } from '@/components/language-menu';
import { NavSearch } from '@/features/search/nav-search';

// Signed-in only (tooltips, the own profile query, the communities strip): a visitor's first load never fetches
// this code.
const NavSignedInActions = lazyComponent(
  () => import('./nav-signed-in-actions'),
  (m) => m.NavSignedInActions,
);
const GroupsStrip = lazyComponent(
  () => import('@/features/groups/nav-strip'),
  (m) => m.GroupsStrip,
);

interface NavItemProps {
  to: string;
  /** Highlighted. */
  active: boolean;
  /** Already on `to`: a click refreshes instead of navigating. */
  current: boolean;
  icon: typeof Home;
  children: ReactNode;
  onCurrentClick?: () => void;
}

function NavItem({ to, active, current, icon: Icon, children, onCurrentClick }: NavItemProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!current || !onCurrentClick) return;
    // Clicking the current page's button scrolls to the top and refreshes it (SPEC §2).
    event.preventDefault();
    onCurrentClick();
  };
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm font-semibold whitespace-nowrap transition-colors sm:px-3',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        active ? 'bg-accent-soft text-accent-fg' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      {/* Below 640 px the bar holds the logo, these, search, language, theme, bell and avatar: the icon stands for
          the label there (still the link's name), which would otherwise run under the buttons (decision 0126). */}
      <Icon className="size-5 sm:size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{children}</span>
    </Link>
  );
}

/**
 * SPEC §2 Navigation bar. Signed in: logo, Your feed, Explore, notifications, avatar. Visitor: logo, Explore, Sign in.
 * Both: the search field (issue 16).
 */
export function NavBar({ onOpenNotifications }: { onOpenNotifications: () => void }) {
  const session = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();

  const refresh =
    (...keys: (readonly unknown[])[]) =>
    () => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      for (const queryKey of keys) void queryClient.refetchQueries({ queryKey, type: 'active' });
    };

  const onFeed = location.pathname === '/';
  const onExplore = location.pathname === '/suggested';

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <div className="flex h-16 items-center gap-1.5 px-3 sm:gap-3 sm:px-5">
        {session ? (
          // Signed in, the logo opens the communities panel (SPEC §2); its name starts with the wordmark it shows.
          <button
            type="button"
            aria-label={APP_TEXTS.agoraCommunities}
            onClick={() => groupsPanel.open('groups')}
            className="mr-1 shrink-0 rounded-lg sm:mr-3"
          >
            <Logo showWordmark={false} className="sm:hidden" />
            <Logo className="hidden sm:inline-flex" />
          </button>
        ) : (
          <Link to="/" aria-label={APP_TEXTS.agoraHome} className="mr-1 shrink-0 rounded-lg sm:mr-3">
            <Logo showWordmark={false} className="sm:hidden" />
            <Logo className="hidden sm:inline-flex" />
          </Link>
        )}
        <nav aria-label={APP_TEXTS.mainNav} className="flex min-w-0 items-center gap-1">
          {session ? (
            <>
              <NavItem to="/" active={onFeed} current={onFeed} icon={Home} onCurrentClick={refresh(feedKeys.home())}>
                {APP_TEXTS.yourFeed}
              </NavItem>
              <NavItem
                to="/suggested"
                active={onExplore}
                current={onExplore}
                icon={Compass}
                onCurrentClick={refresh(feedKeys.explore(), groupKeys.suggested())}
              >
                {APP_TEXTS.explore}
              </NavItem>
            </>
          ) : (
            // SPEC §2: the visitor's navigation links to / (their suggested view) and highlights on /suggested too.
            <NavItem
              to="/"
              active={onExplore || onFeed}
              current={onFeed}
              icon={Compass}
              onCurrentClick={refresh(feedKeys.explore(), groupKeys.suggested())}
            >
              {APP_TEXTS.explore}
            </NavItem>
          )}
        </nav>
        <Suspense fallback={null}>{session ? <GroupsStrip /> : null}</Suspense>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {/* Issue 16: the search field (wide screens) or a button to /search (narrow ones); `/` focuses it. */}
          <NavSearch label={APP_TEXTS.search} placeholder={APP_TEXTS.searchAgora} />
          <LanguageMenu />
          <ThemeMenu />
          {session ? (
            <Suspense fallback={<span aria-hidden className="block h-10 w-[5.25rem] sm:w-[5.5rem]" />}>
              <NavSignedInActions onOpenNotifications={onOpenNotifications} />
            </Suspense>
          ) : (
            <Link to={loginPathFor(`${location.pathname}${location.search}`)} className={buttonClasses('primary', 'md', 'h-9 px-3.5')}>
              <LogIn aria-hidden />
              {APP_TEXTS.signIn}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
