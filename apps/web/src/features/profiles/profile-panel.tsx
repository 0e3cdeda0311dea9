import { Suspense, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Cake, Camera, LogOut, Pencil, Settings, Sparkles, UserRound, X, Link2 } from 'lucide-react';
import { PROFILE_MESSAGES, type Profile, appPaths } from '@agora/contract';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FallbackImage } from '@/components/ui/fallback-image';
import { Sheet, SheetClose } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Tooltip } from '@/components/ui/tooltip';
import { SocialLinks } from '@/components/social-links';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { useSession } from '@/lib/session';
import { formatBirthday } from '@/lib/time';
import { useLogout } from '@/features/auth/api';
import { loginPathFor } from '@/features/auth/public';
import { FriendActions, ProfileFriends } from '@/features/friends/public';
import { ProfileCommunities } from '@/features/groups/public';
import { useProfile, useUpdateProfile, useUserByUsername } from './api';
import { resolveProfileId } from './own';
import { birthdayError, draftOf, ProfileEditForm, type DraftErrors, type ProfileDraft } from './profile-edit-form';
import { useProfileImageUpload } from './profile-image-upload';
import { useProfilePanel } from './use-profile-panel';

// The cropper (react-easy-crop, the slider) loads when a photo is chosen, not with the panel.
const CropDialog = lazyComponent(
  () => import('@/components/crop-dialog'),
  (m) => m.CropDialog,
);

// The Activity tab brings post cards and the comment renderer: they load when the tab is first shown.
const ProfileActivity = lazyComponent(
  () => import('@/features/discussions/profile-activity'),
  (m) => m.ProfileActivity,
);

export const PROFILE_TEXTS = {
  emptyBio: "Nothing's here",
  saved: 'Profile saved',
  loadFailed: 'This profile could not be loaded.',
  discardTitle: 'Discard your changes?',
  discardHint: 'Your edits to your profile have not been saved.',
  discard: 'Discard',
  keepEditing: 'Keep editing',
} as const;

/** The profile drawer; open on any page with `?profile=me` or `?profile=<id>` (see use-profile-panel). */
export function ProfilePanel() {
  const { profileId, isOpen, open, close } = useProfilePanel();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const target = resolveProfileId(profileId, session);
  // Set while the profile has unsaved edits: Escape, the backdrop and Close ask before discarding them.
  const closeGuard = useRef<(() => boolean) | null>(null);

  // Visitors cannot open profiles (SPEC §6): send them to sign in, then back here. Someone who just signed
  // out is not a visitor opening a profile: the logout already takes them to /login.
  const wasSignedIn = useRef(session !== null);
  useEffect(() => {
    if (session) {
      wasSignedIn.current = true;
      return;
    }
    if (isOpen && !wasSignedIn.current) void navigate(loginPathFor(`${location.pathname}${location.search}`), { replace: true });
  }, [isOpen, session, navigate, location.pathname, location.search]);

  if (!session) return null;
  return (
    <Sheet open={isOpen} onOpenChange={(next) => (next || closeGuard.current?.() ? undefined : close())} title="Profile">
      {target && !target.own && 'username' in target ? (
        <ProfileByUsername
          key={`@${target.username}`}
          username={target.username}
          onBack={() => open('me')}
          onClose={close}
          closeGuardRef={closeGuard}
        />
      ) : target ? (
        <ProfileView
          key={target.own ? 'own' : target.userId}
          userId={target.own ? null : target.userId}
          own={target.own}
          onBack={() => open('me')}
          onClose={close}
          closeGuardRef={closeGuard}
        />
      ) : (
        <ProfileMissing />
      )}
    </Sheet>
  );
}

/** `?profile=@username` (an @mention): the name is looked up, then the profile shows as for its id. */
function ProfileByUsername({ username, ...view }: { username: string } & Pick<ProfileViewProps, 'onBack' | 'onClose' | 'closeGuardRef'>) {
  const session = useSession();
  const user = useUserByUsername(username);
  if (user.isPending) return <ProfileSkeleton />;
  if (!user.data) return <ProfileMissing />;
  const own = user.data.id === session?.userId;
  return <ProfileView userId={own ? null : user.data.id} own={own} {...view} />;
}

function CloseButton({ className }: { className?: string }) {
  return (
    <SheetClose
      aria-label="Close profile"
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

function ProfileMissing() {
  return (
    <div className="flex h-full flex-col">
      <div className="flex justify-end p-3">
        <CloseButton className="bg-surface-muted text-fg hover:bg-surface-strong focus-visible:outline-ring" />
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 pb-20 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-surface-muted text-fg-subtle">
          <UserRound className="size-7" aria-hidden />
        </span>
        <p className="text-lg font-semibold text-fg">{PROFILE_MESSAGES.userNotFound}</p>
      </div>
    </div>
  );
}

interface ProfileViewProps {
  userId: number | null;
  own: boolean;
  onBack: () => void;
  onClose: () => void;
  /** Returns true when it took over a close request (it asks first). */
  closeGuardRef: RefObject<(() => boolean) | null>;
}

function isDirty(draft: ProfileDraft, saved: ProfileDraft): boolean {
  return (['bio', 'about', 'birthday', 'userLink', 'birthdayUnreadable'] as const).some((key) => draft[key] !== saved[key]);
}

function ProfileView({ userId, own, onBack, onClose, closeGuardRef }: ProfileViewProps) {
  const query = useProfile(userId, own);
  const update = useUpdateProfile();
  const uploads = useProfileImageUpload();
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const editButton = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  // Where focus goes once edit mode starts or ends: the first field, or back to the edit button (the controls
  // that had focus, Save and Cancel, are gone by then).
  const focusNext = useRef<'field' | 'edit' | null>(null);
  const editing = own && draft !== null;
  const dirty = editing && query.data !== undefined && isDirty(draft, draftOf(query.data));
  const [askDiscard, setAskDiscard] = useState(false);
  useEffect(() => {
    if (!dirty) return;
    closeGuardRef.current = () => {
      setAskDiscard(true);
      return true;
    };
    return () => {
      closeGuardRef.current = null;
    };
  }, [dirty, closeGuardRef]);

  useEffect(() => {
    const target = focusNext.current === 'field' ? firstField.current : focusNext.current === 'edit' ? editButton.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  }, [editing]);

  if (query.isPending) return <ProfileSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ProfileMissing />;
    return (
      <div className="flex h-full flex-col">
        <div className="flex justify-end p-3">
          <CloseButton className="bg-surface-muted text-fg hover:bg-surface-strong focus-visible:outline-ring" />
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-8 pb-20 text-center">
          <p className="text-fg-muted">{PROFILE_TEXTS.loadFailed}</p>
          <Button variant="outline" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  const profile = query.data;
  const blocked = editing && birthdayError(draft) !== null;

  const startEditing = () => {
    setErrors({});
    focusNext.current = 'field';
    setDraft(draftOf(profile));
  };

  const stopEditing = () => {
    focusNext.current = 'edit';
    setDraft(null);
  };

  const save = () => {
    if (!draft || blocked || update.isPending) return;
    update.mutate(
      { bio: draft.bio, about: draft.about, birthday: draft.birthday || null, userLink: draft.userLink },
      {
        onSuccess: () => {
          setErrors({});
          stopEditing();
          toast.success(PROFILE_TEXTS.saved);
        },
        // Anything else reaches the user through the MutationCache (meta in api.ts).
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
        },
      },
    );
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        <ProfileBanner profile={profile} own={own} uploads={uploads} onBack={own ? undefined : onBack} />
        <div className="px-5 sm:px-6">
          <div className="flex items-end justify-between gap-3">
            <ProfilePhoto profile={profile} own={own} uploads={uploads} />
            {own && !editing ? (
              <div className="flex gap-2 pb-1">
                <Tooltip content="Edit profile">
                  <Button ref={editButton} variant="outline" size="icon" aria-label="Edit profile" onClick={startEditing}>
                    <Pencil aria-hidden />
                  </Button>
                </Tooltip>
                <Tooltip content="Settings">
                  <Link to={appPaths.settings()} aria-label="Settings" className={buttonClasses('outline', 'icon')}>
                    <Settings aria-hidden />
                  </Link>
                </Tooltip>
              </div>
            ) : null}
            {own ? null : <FriendActions userId={profile.id} username={profile.username} className="pb-1" />}
          </div>
          <div className="mt-3 min-w-0">
            <h2 className="truncate text-xl font-bold tracking-tight text-fg">
              {[profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.username}
            </h2>
            <p className="truncate text-sm text-fg-subtle">@{profile.username}</p>
            {editing ? null : (
              <p className={cn('mt-2 text-[15px] break-words', profile.bio ? 'text-fg' : 'text-fg-subtle italic')}>
                {profile.bio || PROFILE_TEXTS.emptyBio}
              </p>
            )}
          </div>
          {/* Switching away from Overview leaves edit mode (SPEC §4 Profile). */}
          <Tabs defaultValue="overview" className="mt-5" onValueChange={(tab) => (tab === 'overview' ? undefined : setDraft(null))}>
            <TabsList aria-label="Profile sections" className="overflow-x-auto [scrollbar-width:none]">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="friends">Friends</TabsTrigger>
              <TabsTrigger value="communities">Communities</TabsTrigger>
              <TabsTrigger value="activity">Activity</TabsTrigger>
            </TabsList>
            <TabsContent value="friends" className="my-5">
              <ProfileFriends userId={profile.id} own={own} />
            </TabsContent>
            <TabsContent value="communities" className="my-5">
              <ProfileCommunities userId={profile.id} own={own} />
            </TabsContent>
            <TabsContent value="activity" className="my-5">
              <Suspense fallback={<Skeleton className="h-40 w-full" />}>
                <ProfileActivity userId={profile.id} username={profile.username} own={own} />
              </Suspense>
            </TabsContent>
            <TabsContent value="overview" className="my-5">
              {editing ? (
                <ProfileEditForm
                  draft={draft}
                  onChange={setDraft}
                  errors={errors}
                  disabled={update.isPending}
                  blocked={blocked}
                  firstFieldRef={firstField}
                  onSubmit={save}
                  onCancel={stopEditing}
                />
              ) : (
                <ProfileOverview profile={profile} own={own} />
              )}
            </TabsContent>
          </Tabs>
        </div>
      </div>
      <ConfirmDialog
        open={askDiscard}
        onOpenChange={setAskDiscard}
        title={PROFILE_TEXTS.discardTitle}
        description={PROFILE_TEXTS.discardHint}
        confirmLabel={PROFILE_TEXTS.discard}
        cancelLabel={PROFILE_TEXTS.keepEditing}
        destructive
        onConfirm={() => {
          setAskDiscard(false);
          setDraft(null);
          onClose();
        }}
      />
      <Suspense fallback={null}>
        {uploads.pending ? (
          <CropDialog
            key={uploads.pending.source}
            kind={uploads.pending.kind}
            source={uploads.pending.source}
            onCancel={uploads.cancel}
            onCropped={uploads.cropped}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

type Uploads = ReturnType<typeof useProfileImageUpload>;

function UploadOverlay({ percent, round }: { percent: number; round?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-overlay/55 text-white', round && 'rounded-full')}
    >
      <span className="text-sm font-semibold tabular-nums">Uploading {percent}%</span>
      <span className="h-1 w-3/5 max-w-40 overflow-hidden rounded-full bg-white/30">
        <span className="block h-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

/**
 * A button that opens a file picker for one image (the hidden input keeps the native picker). While another
 * image is being cropped or uploaded it is aria-disabled rather than disabled: it keeps focus (the crop dialog
 * hands focus back to it, and it is where the user is after the upload) and ignores clicks.
 */
function ImagePickButton({
  label,
  name,
  disabled,
  onFile,
  className,
  children,
}: {
  label: string;
  name: string;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
  className: string;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        aria-label={label}
        aria-disabled={disabled || undefined}
        onClick={() => {
          if (!disabled) input.current?.click();
        }}
        className={cn(className, disabled && 'cursor-progress')}
      >
        {children}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        name={name}
        tabIndex={-1}
        className="hidden"
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}

function ProfileBanner({ profile, own, uploads, onBack }: { profile: Profile; own: boolean; uploads: Uploads; onBack?: () => void }) {
  const progress = uploads.percentFor('banner');
  const image = <FallbackImage src={profile.bannerImage} kind="banner" alt="" className="size-full object-cover" />;
  return (
    <div className="relative aspect-[3/1] w-full bg-surface-strong">
      {own ? (
        <ImagePickButton
          label="Change banner"
          name="bannerImage"
          disabled={uploads.busy}
          onFile={(file) => uploads.choose('banner', file)}
          className="group relative block size-full overflow-hidden focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring"
        >
          {image}
          <span className="absolute right-3 bottom-3 flex items-center gap-1.5 rounded-full bg-overlay/55 px-3 py-1.5 text-xs font-medium text-white opacity-90 backdrop-blur-sm transition-opacity group-hover:opacity-100">
            <Camera className="size-4" aria-hidden />
            <span className="hidden sm:inline">Change banner</span>
          </span>
        </ImagePickButton>
      ) : (
        <div className="size-full overflow-hidden">{image}</div>
      )}
      {progress !== null ? <UploadOverlay percent={progress} /> : null}
      <div className="absolute inset-x-0 top-0 flex items-center justify-between p-3">
        {onBack ? (
          <button
            type="button"
            onClick={onBack}
            className="flex h-9 items-center gap-1.5 rounded-full bg-overlay/45 pr-3.5 pl-2.5 text-sm font-medium text-white backdrop-blur-sm hover:bg-overlay/65 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ArrowLeft className="size-4" aria-hidden />
            My profile
          </button>
        ) : (
          <span />
        )}
        <CloseButton />
      </div>
    </div>
  );
}

function ProfilePhoto({ profile, own, uploads }: { profile: Profile; own: boolean; uploads: Uploads }) {
  const progress = uploads.percentFor('photo');
  const image = (
    <FallbackImage
      src={profile.profileImage}
      kind="avatar"
      alt={`${profile.username}'s profile photo`}
      className="size-full rounded-full object-cover"
    />
  );
  return (
    <div className="relative -mt-12 size-24 shrink-0 rounded-full bg-surface p-1 shadow-md sm:-mt-14 sm:size-28">
      {own ? (
        <ImagePickButton
          label="Change profile photo"
          name="profileImage"
          disabled={uploads.busy}
          onFile={(file) => uploads.choose('photo', file)}
          className="group relative block size-full rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {image}
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-overlay/0 text-white opacity-0 transition group-hover:bg-overlay/40 group-hover:opacity-100 group-focus-visible:bg-overlay/40 group-focus-visible:opacity-100">
            <Camera className="size-6" aria-hidden />
          </span>
        </ImagePickButton>
      ) : (
        image
      )}
      {progress !== null ? (
        <div className="absolute inset-1">
          <UploadOverlay percent={progress} round />
        </div>
      ) : null}
    </div>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon: typeof Sparkles; children: ReactNode }) {
  return (
    <section className="space-y-2.5">
      <h3 className="flex items-center gap-2 text-xs font-semibold tracking-wider text-fg-subtle uppercase">
        <Icon className="size-4 text-accent-fg" aria-hidden />
        {title}
      </h3>
      {children}
    </section>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-fg-subtle italic">{children}</p>;
}

function ProfileOverview({ profile, own }: { profile: Profile; own: boolean }) {
  const logout = useLogout();
  const birthday = formatBirthday(profile.birthday);
  return (
    <div className="space-y-7">
      <Section title="About Me" icon={Sparkles}>
        {profile.about ? (
          <p className="text-[15px] leading-relaxed break-words whitespace-pre-line text-fg">{profile.about}</p>
        ) : (
          <Muted>{PROFILE_TEXTS.emptyBio}</Muted>
        )}
      </Section>
      <Section title="Birthday" icon={Cake}>
        {birthday ? <p className="text-[15px] font-medium text-fg">{birthday}</p> : <Muted>Not shared</Muted>}
      </Section>
      <Section title="Social Links" icon={Link2}>
        {profile.userLink.trim() ? <SocialLinks text={profile.userLink} /> : <Muted>No links yet</Muted>}
      </Section>
      {own ? (
        <div className="border-t border-line pt-5">
          <Button
            variant="outline"
            className="w-full text-danger-fg hover:bg-danger-soft hover:text-danger-fg sm:w-auto"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            <LogOut aria-hidden />
            Logout
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading profile" className="flex h-full flex-col">
      <div className="relative aspect-[3/1] w-full">
        <Skeleton className="size-full rounded-none" />
        <div className="absolute top-3 right-3">
          <CloseButton />
        </div>
      </div>
      <div className="px-6">
        <Skeleton className="-mt-12 size-24 rounded-full border-4 border-surface" />
        <Skeleton className="mt-4 h-6 w-40" />
        <Skeleton className="mt-2 h-4 w-24" />
        <Skeleton className="mt-6 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-2/3" />
      </div>
    </div>
  );
}
