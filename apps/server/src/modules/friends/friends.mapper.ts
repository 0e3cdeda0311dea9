import type { Friend, Suggestion } from '@agora/contract';
import type { FriendListRow, SuggestionRow } from './friends.queries';

/** The one place a friend row becomes SPEC §3 "Friend". */
export function toFriend(row: FriendListRow): Friend {
  return { id: row.id, username: row.username, user_dp: row.profileImage, user_banner: row.bannerImage, user_bio: row.bio };
}

/** SPEC §3 "Suggestion", with why it is suggested. */
export function toSuggestion(row: SuggestionRow): Suggestion {
  return { id: row.id, username: row.username, user_dp: row.profileImage, mutualCount: row.mutual, sharedCommunities: row.shared };
}
