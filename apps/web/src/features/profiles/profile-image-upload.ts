import { toastSuccess } from '@/lib/toast';
import { useCroppedUpload } from '@/lib/use-cropped-upload';
import { useUploadProfileImage, type ProfileImageKind } from './api';
import { defineTexts } from '@/lib/i18n';

export const UPLOAD_TEXTS = defineTexts('profileUpload', {
  photoDone: 'Profile photo updated',
  bannerDone: 'Banner updated',
});

/**
 * The profile's photo and banner: the one crop-and-upload flow (lib/use-cropped-upload.ts: choose a file, crop,
 * upload with progress, one at a time), then a toast once saved. A failure reaches the user through the
 * MutationCache (meta.errorMessage in api.ts).
 */
export function useProfileImageUpload() {
  const upload = useUploadProfileImage();
  return useCroppedUpload<ProfileImageKind>(
    (kind, image, onProgress) => upload.mutateAsync({ kind, image, onProgress }),
    (kind) => void toastSuccess(kind === 'photo' ? UPLOAD_TEXTS.photoDone : UPLOAD_TEXTS.bannerDone),
  );
}
