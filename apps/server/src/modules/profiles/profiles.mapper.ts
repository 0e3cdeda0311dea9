import { type Profile, yearlessBirthday } from '@agora/contract';
import type { UserRow } from '../../db/schema';

/**
 * The one place a user row becomes the spec's profile shape (SPEC §3 "User profile"). `birthYear: false` gives
 * the birthday as "--MM-DD" (viewers who are neither the user nor a friend; decision 0012 b).
 */
export function toProfile(user: UserRow, opts: { birthYear: boolean } = { birthYear: true }): Profile {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    about: user.about,
    birthday: opts.birthYear ? user.birthday : yearlessBirthday(user.birthday),
    userLink: user.userLink,
    profileImage: user.profileImage,
    bannerImage: user.bannerImage,
    createdAt: user.createdAt.toISOString(),
  };
}
