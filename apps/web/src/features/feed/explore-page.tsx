import { Link } from 'react-router';
import { ArrowRight, MessagesSquare, Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useSession } from '@/lib/session';
import { PageTitle } from '@/components/page-title';
import { SuggestedGroups } from '@/features/groups/public';
import { ExploreDiscussions } from './explore-discussions';
import { FEED_TEXTS } from './api';
import { FeedSection } from './section';

/** Explore (SPEC §2): tagline banner, suggested public communities, their discussions. */
export function ExplorePage() {
  const session = useSession();
  return (
    <div className="space-y-10">
      <PageTitle title={FEED_TEXTS.explore} />
      <section
        aria-labelledby="explore-title"
        className="relative isolate overflow-hidden rounded-3xl bg-gradient-to-br from-brand-950 via-brand-800 to-brand-600 px-6 py-10 text-white shadow-lg sm:px-10 sm:py-14"
      >
        <div aria-hidden className="absolute -top-24 -right-20 -z-10 size-80 rounded-full border border-white/10" />
        <div aria-hidden className="absolute -top-10 -right-6 -z-10 size-52 rounded-full border border-white/10" />
        <div aria-hidden className="absolute -bottom-32 -left-16 -z-10 size-96 rounded-full bg-brand-400/25 blur-3xl" />
        <p className="text-sm font-semibold tracking-wider text-brand-200 uppercase">{FEED_TEXTS.explore}</p>
        <h1 id="explore-title" className="mt-3 text-3xl font-bold tracking-tight sm:text-5xl">
          {FEED_TEXTS.tagline}
        </h1>
        <p className="mt-4 max-w-xl text-base text-brand-100 sm:text-lg">{FEED_TEXTS.exploreIntro}</p>
        {session ? (
          <div className="mt-8">
            <Link to="/create" className={buttonClasses('secondary', 'lg', 'bg-white text-brand-800 hover:bg-brand-50')}>
              <Plus aria-hidden />
              {FEED_TEXTS.createCommunity}
            </Link>
          </div>
        ) : (
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/register" className={buttonClasses('secondary', 'lg', 'bg-white text-brand-800 hover:bg-brand-50')}>
              {FEED_TEXTS.joinAgora}
              <ArrowRight aria-hidden />
            </Link>
            <Link
              to="/login"
              className={buttonClasses('ghost', 'lg', 'text-white ring-1 ring-white/30 hover:bg-white/10 hover:text-white')}
            >
              {FEED_TEXTS.signIn}
            </Link>
          </div>
        )}
      </section>

      <FeedSection id="explore-communities" title={FEED_TEXTS.suggestedCommunities} description={FEED_TEXTS.suggestedDescription}>
        <SuggestedGroups />
      </FeedSection>

      <FeedSection id="explore-discussions" title={FEED_TEXTS.discussions} description={FEED_TEXTS.discussionsDescription}>
        {/* SPEC §9: Explore shows 10 placeholders while it loads. */}
        <ExploreDiscussions
          source={{ kind: 'explore' }}
          skeletons={10}
          showGroup
          empty={<EmptyState icon={MessagesSquare} title={FEED_TEXTS.noDiscussion} />}
          label={FEED_TEXTS.exploreLoading}
        />
      </FeedSection>
    </div>
  );
}
