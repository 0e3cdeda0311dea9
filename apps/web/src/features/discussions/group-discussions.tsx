import type { ReactNode } from 'react';
import { useLiveRoom } from '@/lib/live-rooms';
import { discussionKeys } from './keys';
import { NewPostsPill } from './new-posts-pill';
import { Composer } from './composer';
import { DiscussionFeed } from './discussion-feed';
import type { PostTarget } from './discussion-editor';
import { DISCUSSION_TEXTS } from './texts';

/**
 * The community's Discussion tab content (SPEC §2): the member's composer, then the posts, pinned first and then
 * newest (the server's order), or the tab's empty state; posts others write meanwhile wait behind "N new posts".
 */
export function GroupDiscussions({ group, canPost, empty }: { group: PostTarget; canPost: boolean; empty: ReactNode }) {
  // Issue 17 §1: the community's room while its feed is on screen; new posts wait behind the pill.
  useLiveRoom(`group:${group.id}`);
  return (
    <DiscussionFeed
      source={{ kind: 'group', groupId: group.id }}
      skeletons={2}
      empty={empty}
      header={
        <>
          <NewPostsPill feed={`group:${group.id}`} queryKey={discussionKeys.group(group.id)} room={`group:${group.id}`} />
          {canPost ? <Composer group={group} /> : null}
        </>
      }
      label={DISCUSSION_TEXTS.posts}
    />
  );
}
