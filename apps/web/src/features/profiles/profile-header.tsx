import { ArrowLeft, X } from 'lucide-react';
import type { Profile } from '@agora/contract';
import { SheetClose } from '@/components/ui/sheet';
import { BannerSlot, PictureSlot } from '@/components/image-upload';
import { cn } from '@/lib/cn';
import type { useProfileImageUpload } from './profile-image-upload';
import { PROFILE_TEXTS } from './texts';

/* The profile panel's top: the banner and the picture (each a crop-and-upload slot on one's own profile), and Close. */

export function CloseButton({ className }: { className?: string }) {
  return (
    <SheetClose
      aria-label={PROFILE_TEXTS.close}
      className={cn(
        'flex size-9 items-center justify-center rounded-full bg-overlay/45 text-white backdrop-blur-sm transition-colors hover:bg-overlay/65',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        className,
      )}
    >
      <X className="size-5" aria-hidden />
    </SheetClose>
  );
}

export type Uploads = ReturnType<typeof useProfileImageUpload>;

export function ProfileBanner({
  profile,
  own,
  uploads,
  onBack,
}: {
  profile: Profile;
  own: boolean;
  uploads: Uploads;
  onBack?: () => void;
}) {
  return (
    <BannerSlot src={profile.bannerImage} editable={own} uploads={uploads} name="bannerImage">
      <div className="absolute inset-x-0 top-0 flex items-center justify-between p-3">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            className="flex h-9 items-center gap-1.5 rounded-full bg-overlay/45 pr-3.5 pl-2.5 text-sm font-medium text-white backdrop-blur-sm hover:bg-overlay/65 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {PROFILE_TEXTS.myProfile}
          </button>
        ) : (
          <span />
        )}
        <CloseButton />
      </div>
    </BannerSlot>
  );
}

export function ProfilePicture({ profile, own, uploads }: { profile: Profile; own: boolean; uploads: Uploads }) {
  return (
    <PictureSlot
      src={profile.profileImage}
      kind="avatar"
      alt={PROFILE_TEXTS.photoOf(profile.username)}
      label={PROFILE_TEXTS.changePhoto}
      name="profileImage"
      editable={own}
      uploads={uploads}
      className="-mt-12 size-24 sm:-mt-14 sm:size-28"
    />
  );
}
