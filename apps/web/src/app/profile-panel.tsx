import { Suspense } from 'react';
import { Skeleton } from '@/components/ui/spinner';
import { lazyComponent } from '@/lib/lazy-component';
import { FriendActions, ProfileFriends } from '@/features/friends/public';
import { ProfileGroups } from '@/features/groups/public';
import { ProfilePanel, type ProfileSlots } from '@/features/profiles/profile-panel';

// The Activity tab brings post cards and the comment renderer: they load when the tab is first shown.
const ProfileActivity = lazyComponent(
  () => import('@/features/discussions/profile-activity'),
  (m) => m.ProfileActivity,
);

/** What the profile panel shows of the features above profiles (docs/ARCHITECTURE.md "Feature order"). */
const SLOTS: ProfileSlots = {
  friendActions: ({ userId, username }) => <FriendActions userId={userId} username={username} className="pb-1" />,
  friends: ({ userId, own }) => <ProfileFriends userId={userId} own={own} />,
  communities: ({ userId, own }) => <ProfileGroups userId={userId} own={own} />,
  activity: ({ userId, username, own }) => (
    <Suspense fallback={<Skeleton className="h-40 w-full" />}>
      <ProfileActivity userId={userId} username={username} own={own} />
    </Suspense>
  ),
};

/** The profile drawer with its friends, communities and activity tabs. */
export function ComposedProfilePanel() {
  return <ProfilePanel slots={SLOTS} />;
}
