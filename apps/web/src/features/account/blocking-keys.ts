import type { QueryClient } from '@tanstack/react-query';
import { blogKeys } from '@/features/blogs/keys';
import { discussionKeys } from '@/features/discussions/keys';
import { feedKeys } from '@/features/feed/keys';
import { friendKeys } from '@/features/friends/keys';
import { profileKeys } from '@/features/profiles/keys';

/** Query keys of blocking: the settings page's list of the people the viewer blocked. */
export const blockKeys = {
  all: ['blocks'] as const,
  list: () => [...blockKeys.all, 'list'] as const,
};

/**
 * Everything a block or an unblock changes for the viewer: the person's profile (`blocked`), the friends lists and
 * statuses (a block ends a friendship), every feed, comment page and blog list (their content hides or returns),
 * and the blocked list.
 */
export function refreshAfterBlock(queryClient: QueryClient, userId: number, blocked: boolean): void {
  queryClient.setQueryData(profileKeys.detail(userId), (profile: { blocked?: boolean } | undefined) =>
    profile ? { ...profile, blocked } : profile,
  );
  for (const key of [blockKeys.all, friendKeys.all, discussionKeys.all, feedKeys.all, blogKeys.all]) {
    void queryClient.invalidateQueries({ queryKey: key });
  }
}
