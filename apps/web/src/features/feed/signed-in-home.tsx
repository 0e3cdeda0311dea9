import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Compass, MessagesSquare, Newspaper } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageTitle } from '@/components/page-title';
import { useOwnProfile } from '@/features/profiles/api';
import { useJoinedGroups } from '@/features/groups/api';
import { BlogStrip } from '@/features/blogs/public';
import { DiscussionFeed, GroupDiscussionComposer, NewPostsPill } from '@/features/discussions/public';
import { discussionKeys } from '@/features/discussions/keys';
import { useSession } from '@/lib/session';
import { forgetNewAccount, isNewAccount } from '@/lib/storage';
import { FEED_TEXTS } from './api';
import { FeedSection } from './section';

/** The signed-in user's feed (SPEC §2): welcome, the blogs strip and the discussions of the communities they joined. */
export function HomePage() {
  const profile = useOwnProfile();
  // SPEC §7 "Welcome back, {first name}": the own profile's first name, the username if it has none. A brand-new
  // account's first feed says "Welcome" (the mark registration left, spent once).
  const name = profile.data ? profile.data.firstName.trim() || profile.data.username : null;
  const session = useSession();
  const [fresh] = useState(() => isNewAccount(session?.username ?? ''));
  useEffect(() => {
    if (fresh) forgetNewAccount();
  }, [fresh]);
  const greeting = fresh ? FEED_TEXTS.welcome : FEED_TEXTS.welcomeBack;
  // "You haven't joined any community yet" only when that is true; otherwise the blogs of those communities.
  const joined = useJoinedGroups();
  const hasJoined = (joined.data?.groups.length ?? 0) > 0;
  return (
    <div className="space-y-10">
      <PageTitle title={FEED_TEXTS.yourFeed} />
      <header>
        <p className="text-sm font-medium text-accent-fg">{name ? FEED_TEXTS.greeting(greeting, name) : greeting}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-fg sm:text-3xl">{FEED_TEXTS.yourFeed}</h1>
        <p className="mt-1 text-sm text-fg-subtle">{FEED_TEXTS.feedIntro}</p>
      </header>

      <FeedSection id="feed-blogs" title={FEED_TEXTS.latestBlogs}>
        {hasJoined ? (
          <BlogStrip />
        ) : (
          <EmptyState
            icon={Newspaper}
            title={FEED_TEXTS.noCommunity}
            description={FEED_TEXTS.joinToSee}
            action={
              <Link to="/suggested" className={buttonClasses('primary', 'md')}>
                <Compass aria-hidden />
                {FEED_TEXTS.exploreCommunities}
              </Link>
            }
          />
        )}
      </FeedSection>

      <FeedSection id="feed-discussions" title={FEED_TEXTS.discussions}>
        {/* SPEC §9: 2 placeholders while the feed loads. */}
        <DiscussionFeed
          source={{ kind: 'home' }}
          skeletons={2}
          showGroup
          header={
            <>
              {/* Issue 17 §1: posts pushed to the home feed (the server joins its room on connect) wait here. */}
              <NewPostsPill feed="home" queryKey={discussionKeys.home()} />
              <GroupDiscussionComposer />
            </>
          }
          empty={<EmptyState icon={MessagesSquare} title={FEED_TEXTS.noDiscussion} />}
          label={FEED_TEXTS.feedLoading}
        />
      </FeedSection>
    </div>
  );
}
