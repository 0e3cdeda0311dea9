import { SEARCH_LIMITS, type MentionQuery, type MentionResponse, type MentionSuggestion } from '@agora/contract';
import type { AppContext, SignedIn } from '../../context';
import { parseGroupRef } from '../groups/groups.access';
import { findFriendMatches, findMemberMatches, findOtherMatches, findReadableGroupId, type MentionRow } from './mentions.queries';

/**
 * `@mention` suggestions (issue 16 §4): people whose username contains what was typed after `@` (friends also by the
 * start of their first or last name), friends first, then members of the community the text is written in, then
 * everyone else; each tier "starts with" before "contains", then alphabetical. Fewer than
 * `SEARCH_LIMITS.mentionMinChars` letters is an empty list, not an error (the list has not opened yet). A community
 * the caller may not read counts as none: the answer is the same as without `group`, so it confirms nothing.
 */
export async function suggestMentions(ctx: AppContext, actor: SignedIn, input: MentionQuery): Promise<MentionResponse> {
  const term = input.q.trim().replace(/^@/, '').toLowerCase();
  const limit = Number(input.limit ?? SEARCH_LIMITS.mentionDefault);
  // NUL and other control characters never match a name (PostgreSQL refuses NUL in text): nothing to find.
  if ([...term].length < SEARCH_LIMITS.mentionMinChars || [...term].some(isControl)) return { people: [] };
  await ctx.limiters.mentionLookupsPerUser.consume(`user:${actor.id}`);

  const ref = input.group ? parseGroupRef(input.group) : null;
  const groupId = ref ? await findReadableGroupId(ctx.db, ref, actor.id) : null;

  const seen = new Set<number>();
  const people: MentionSuggestion[] = [];
  const take = (rows: MentionRow[]) => {
    for (const row of rows) {
      if (people.length >= limit || seen.has(row.id)) continue;
      seen.add(row.id);
      people.push(toSuggestion(row));
    }
  };
  take(await findFriendMatches(ctx.db, actor.id, term, groupId, limit));
  if (people.length < limit && groupId !== null) take(await findMemberMatches(ctx.db, actor.id, term, groupId, limit));
  // Friends and members already listed may come back among everyone: ask for enough to fill the list anyway.
  if (people.length < limit) take(await findOtherMatches(ctx.db, actor.id, term, limit + people.length));
  return { people };
}

const isControl = (ch: string) => ch.charCodeAt(0) < 0x20 || ch === '\u007f';

function toSuggestion(row: MentionRow): MentionSuggestion {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImage: row.profileImage,
    is_friend: row.isFriend,
    is_member: row.isMember,
  };
}
