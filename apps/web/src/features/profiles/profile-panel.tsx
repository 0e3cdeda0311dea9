import { createContext, Suspense, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Cake, LogOut, Pencil, Settings, Sparkles, UserRound, Link2 } from 'lucide-react';
import { PROFILE_MESSAGES, type Profile, appPaths } from '@agora/contract';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Sheet } from '@/components/ui/sheet';
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
import { useProfile, useUpdateProfile, useUserByUsername } from './api';
import { resolveProfileId } from './own';
import { birthdayError, draftOf, ProfileEditForm, type DraftErrors, type ProfileDraft } from './profile-edit-form';
import { useProfileImageUpload } from './profile-image-upload';
import { CloseButton, ProfileBanner, ProfilePicture } from './profile-header';
import { useProfilePanel } from './use-profile-panel';
import { PROFILE_TEXTS } from './texts';
import { ACCOUNT_TEXTS, BLOCK_TEXTS } from '@/features/account/public';
import { BlockButton } from './block-button';
import { toastSuccess } from '@/lib/toast';

// The cropper (react-easy-crop, the slider) loads when a photo is chosen, not with the panel.
const CropDialog = lazyComponent(
  () => import('@/components/crop-dialog'),
  (m) => m.CropDialog,
);

/**
 * What the profile panel shows of features above profiles (docs/ARCHITECTURE.md "Feature order"): friends,
 * communities and activity. app/profile-panel.tsx passes them in, so profiles never imports those features.
 */
export interface ProfileSlots {
  friendActions: (person: { userId: number; username: string }) => ReactNode;
  friends: (person: { userId: number; own: boolean }) => ReactNode;
  communities: (person: { userId: number; own: boolean }) => ReactNode;
  activity: (person: { userId: number; username: string; own: boolean }) => ReactNode;
}

const SlotsContext = createContext<ProfileSlots | null>(null);

function useSlots(): ProfileSlots {
  const slots = useContext(SlotsContext);
  if (!slots) throw new Error('ProfilePanel renders its views inside its slots');
  return slots;
}

export { PROFILE_TEXTS };

/** The profile drawer; open on any page with `?profile=me` or `?profile=<id>` (see use-profile-panel). */
export function ProfilePanel({ slots }: { slots: ProfileSlots }) {
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
    <SlotsContext.Provider value={slots}>
      <Sheet open={isOpen} onOpenChange={(next) => (next || closeGuard.current?.() ? undefined : close())} title={PROFILE_TEXTS.title}>
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
    </SlotsContext.Provider>
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
  const slots = useSlots();
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
            {PROFILE_TEXTS.tryAgain}
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
          void toastSuccess(PROFILE_TEXTS.saved);
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
            <ProfilePicture profile={profile} own={own} uploads={uploads} />
            {own && !editing ? (
              <div className="flex gap-2 pb-1">
                <Tooltip content={PROFILE_TEXTS.editProfile}>
                  <Button ref={editButton} variant="outline" size="icon" aria-label={PROFILE_TEXTS.editProfile} onClick={startEditing}>
                    <Pencil aria-hidden />
                  </Button>
                </Tooltip>
                <Tooltip content={ACCOUNT_TEXTS.settingsLink}>
                  <Link to={appPaths.settings()} aria-label={ACCOUNT_TEXTS.settingsLink} className={buttonClasses('outline', 'icon')}>
                    <Settings aria-hidden />
                  </Link>
                </Tooltip>
              </div>
            ) : null}
            {own ? null : (
              // A blocked person gets no friend buttons: a request between the two is refused anyway (issue 15 §6).
              <div className="flex flex-wrap items-center justify-end gap-1.5 pb-1">
                {profile.blocked ? null : slots.friendActions({ userId: profile.id, username: profile.username })}
                {profile.abilities?.block ? <BlockButton profile={profile} /> : null}
              </div>
            )}
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
            {profile.blocked ? (
              <p role="status" className="mt-3 rounded-lg bg-surface-muted px-3 py-2 text-sm text-fg-muted">
                {BLOCK_TEXTS.youBlocked}
              </p>
            ) : null}
          </div>
          {/* Switching away from Overview leaves edit mode (SPEC §4 Profile). */}
          <Tabs defaultValue="overview" className="mt-5" onValueChange={(tab) => (tab === 'overview' ? undefined : setDraft(null))}>
            <TabsList aria-label={PROFILE_TEXTS.sections} className="overflow-x-auto [scrollbar-width:none]">
              <TabsTrigger value="overview">{PROFILE_TEXTS.overview}</TabsTrigger>
              <TabsTrigger value="friends">{PROFILE_TEXTS.friends}</TabsTrigger>
              <TabsTrigger value="communities">{PROFILE_TEXTS.communities}</TabsTrigger>
              <TabsTrigger value="activity">{PROFILE_TEXTS.activity}</TabsTrigger>
            </TabsList>
            <TabsContent value="friends" className="my-5">
              {slots.friends({ userId: profile.id, own })}
            </TabsContent>
            <TabsContent value="communities" className="my-5">
              {slots.communities({ userId: profile.id, own })}
            </TabsContent>
            <TabsContent value="activity" className="my-5">
              {slots.activity({ userId: profile.id, username: profile.username, own })}
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
      <Section title={PROFILE_TEXTS.aboutMe} icon={Sparkles}>
        {profile.about ? (
          <p className="text-[15px] leading-relaxed break-words whitespace-pre-line text-fg">{profile.about}</p>
        ) : (
          <Muted>{PROFILE_TEXTS.emptyBio}</Muted>
        )}
      </Section>
      <Section title={PROFILE_TEXTS.birthday} icon={Cake}>
        {birthday ? <p className="text-[15px] font-medium text-fg">{birthday}</p> : <Muted>{PROFILE_TEXTS.notShared}</Muted>}
      </Section>
      <Section title={PROFILE_TEXTS.socialLinks} icon={Link2}>
        {profile.userLink.trim() ? <SocialLinks text={profile.userLink} /> : <Muted>{PROFILE_TEXTS.noLinks}</Muted>}
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
            {PROFILE_TEXTS.logout}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label={PROFILE_TEXTS.loading} className="flex h-full flex-col">
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
