import { SEARCH_MARK, type SearchResponse } from '@agora/contract';
import { makeComment, makeDiscussion } from '@/features/discussions/test-data';
import { makeBlog } from '@/features/blogs/test-data';
import { makeGroup } from '@/features/groups/test-data';

/** Test builders for search answers (component tests only). */

/** "a [b] c" → the passage with the contract's markers around b. */
export const marked = (text: string) => text.replace(/\[/g, SEARCH_MARK.start).replace(/\]/g, SEARCH_MARK.end);

export function emptyResponse(): SearchResponse {
  return { discussions: [], comments: [], blogs: [], communities: [], people: [], nextCursor: null };
}

export function discussionHit(id: number, highlight: string) {
  return {
    ...makeDiscussion({ id, discussion_content: highlight.replace(/[[\]]/g, '') }),
    highlight: marked(highlight),
    link: `/groups/12/discussions/${id}`,
  };
}

export function commentHit(id: number, highlight: string, parentCommentId: number | null = null) {
  return {
    ...makeComment({ id, parentCommentId, content: highlight.replace(/[[\]]/g, '') }),
    group_id: 12,
    slug: 'night-owls',
    group_name: 'Night Owls',
    highlight: marked(highlight),
    link: `/groups/12/discussions/301?comment=${id}`,
  };
}

export function blogHit(id: number, highlight: string) {
  return { ...makeBlog({ id }), highlight: marked(highlight), link: `/group/night-owls/blogs/blogpage/${id}` };
}

export function communityHit(id: number, name: string, highlight: string) {
  return { ...makeGroup({ id, group_name: name, slug: name.toLowerCase().replace(/\s+/g, '-') }), highlight: marked(highlight) };
}

export function personHit(id: number, username: string, highlight: string) {
  return { id, username, firstName: 'Grace', lastName: 'Hopper', profileImage: null, mutual_friends: 2, highlight: marked(highlight) };
}
