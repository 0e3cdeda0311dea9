import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, stripQuery, type Profile, type UpdateProfileRequest } from '@agora/contract';
import { call, upload } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { defineTexts } from '@/lib/i18n';

import { profileKeys } from './keys';

export { profileKeys };

/** GET /users/lookup?username=: who a username (any case) is, for an @mention's link; 404 when nobody has it. */
export function useUserByUsername(username: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: profileKeys.byUsername(username ?? ''),
    queryFn: ({ signal }) => call(API.users.lookup, { query: { username: username ?? '' }, signal }),
    enabled: Boolean(session) && username !== null,
    staleTime: 5 * 60_000,
  });
}

export const ownProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.own(),
    queryFn: ({ signal }) => call(API.users.profile, { signal }),
  });

export const profileQuery = (id: number) =>
  queryOptions({
    queryKey: profileKeys.detail(id),
    queryFn: ({ signal }) => call(API.users.byId, { params: [id], signal }),
  });

/** The signed-in user's profile (GET /users/profile); idle for visitors. */
export function useOwnProfile() {
  const session = useSession();
  return useQuery({ ...ownProfileQuery(), enabled: Boolean(session) });
}

/** Own profile through /users/profile, anyone else's through /users/{id}. */
export function useProfile(userId: number | null, own: boolean) {
  const session = useSession();
  const isOwn = own || userId === null;
  const ownQuery = useQuery({ ...ownProfileQuery(), enabled: Boolean(session) && isOwn });
  const otherQuery = useQuery({ ...profileQuery(userId ?? 0), enabled: Boolean(session) && !isOwn });
  return isOwn ? ownQuery : otherQuery;
}

function storeProfile(queryClient: ReturnType<typeof useQueryClient>, profile: Profile): void {
  queryClient.setQueryData(profileKeys.own(), profile);
  queryClient.setQueryData(profileKeys.detail(profile.id), profile);
}

/** Failure texts (the server's message wins when it sends one). */
export const PROFILE_ERRORS = defineTexts('profileErrors', {
  saveFailed: 'Failed to update profile',
  uploadFailed: 'Upload failed. Please try again.',
});

export function updateProfile(body: UpdateProfileRequest): Promise<Profile> {
  return call(API.users.updateProfile, { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Field errors go beside the inputs of the edit form; anything else is a toast.
    meta: { errorMessage: PROFILE_ERRORS.saveFailed, inlineFields: true },
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

export type ProfileImageKind = 'photo' | 'banner';

const UPLOADS = {
  photo: { endpoint: API.uploads.profilePicture, field: 'profileImage', profileField: 'profileImage' },
  banner: { endpoint: API.uploads.profileBanner, field: 'bannerImage', profileField: 'bannerImage' },
} as const satisfies Record<ProfileImageKind, { endpoint: unknown; field: string; profileField: 'profileImage' | 'bannerImage' }>;

export interface UploadProfileImageInput {
  kind: ProfileImageKind;
  image: Blob;
  onProgress?: (percent: number) => void;
}

/** SPEC §4 Image upload: send the cropped JPEG, then save the profile with the returned path (no query string). */
export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, image, onProgress }: UploadProfileImageInput) => {
      const target = UPLOADS[kind];
      const uploaded = await upload(target.endpoint, [], { field: target.field, blob: image, filename: `${kind}.jpg` }, { onProgress });
      return updateProfile({ [target.profileField]: stripQuery(uploaded.imagePath) });
    },
    meta: { errorMessage: PROFILE_ERRORS.uploadFailed },
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
