import type { Profile } from '@agora/contract';
import type { UserRow } from '../../db/schema';

/** The one place a user row becomes the spec's profile shape (SPEC §3 "User profile"). */
export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    bio: user.bio,
    about: user.about,
    birthday: user.birthday,
    userLink: user.userLink,
    profileImage: user.profileImage,
    bannerImage: user.bannerImage,
    createdAt: user.createdAt.toISOString(),
  };
}
