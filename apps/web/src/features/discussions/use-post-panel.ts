import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parsePathId } from '@agora/contract';

/**
 * The post panel is driven by the URL, like the profile panel: `?post=<groupId>-<discussionId>` on any page. A post
 * link can be shared and reloaded, the browser's Back closes it, and one parameter means one post at a time.
 */
export const POST_PARAM = 'post';

export interface PostTarget {
  groupId: number;
  discussionId: number;
}

/** "12-345" → the two ids; anything else (missing, signed, zero-padded, beyond int4) → null. */
export function parsePostParam(value: string | null): PostTarget | null {
  const match = /^([0-9]{1,10})-([0-9]{1,10})$/.exec(value ?? '');
  if (!match) return null;
  const groupId = parsePathId(match[1]!);
  const discussionId = parsePathId(match[2]!);
  return groupId && discussionId ? { groupId, discussionId } : null;
}

export function postParamValue(groupId: number, discussionId: number): string {
  return `${groupId}-${discussionId}`;
}

/** The address of the community's Discussion tab with the post open (for links and redirects). */
export function postPanelPath(groupId: number | string, discussionId: number): string {
  return `/group/${groupId}/discussions?${POST_PARAM}=${postParamValue(Number(groupId), discussionId)}`;
}

export function usePostPanel() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(POST_PARAM);
  const target = parsePostParam(raw);

  const open = useCallback(
    (groupId: number, discussionId: number) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(POST_PARAM, postParamValue(groupId, discussionId));
          return next;
        },
        { preventScrollReset: true },
      );
    },
    [setParams],
  );

  const close = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(POST_PARAM);
        return next;
      },
      { preventScrollReset: true },
    );
  }, [setParams]);

  /** `isOpen` is true for any value, so a malformed link still opens the panel and says the post is not there. */
  return { target, isOpen: raw !== null, open, close };
}
