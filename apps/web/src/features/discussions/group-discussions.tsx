import type { ReactNode } from 'react';
import { Composer } from './composer';
import { DiscussionFeed } from './discussion-feed';
import type { PostTarget } from './discussion-editor';
import { DISCUSSION_TEXTS } from './texts';

/**
 * The community's Discussion tab content (SPEC §2): the member's composer, then the posts, pinned first and then
 * newest (the server's order), or the tab's empty state.
 */
export function GroupDiscussions({ group, canPost, empty }: { group: PostTarget; canPost: boolean; empty: ReactNode }) {
  return (
    <DiscussionFeed
      source={{ kind: 'group', groupId: group.id }}
      skeletons={2}
      empty={empty}
      header={canPost ? <Composer group={group} /> : null}
      label={DISCUSSION_TEXTS.posts}
    />
  );
}
