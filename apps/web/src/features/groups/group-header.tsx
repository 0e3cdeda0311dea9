import { focusOnMount } from '@/lib/forms';
import { Suspense, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { BadgeCheck, Check, Link2, Lock, Pencil, X } from 'lucide-react';
import { Switch } from 'radix-ui';
import { cleanGroupName, GROUP_LIMITS, groupWebPath, type GroupDetailResponse } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Tooltip } from '@/components/ui/tooltip';
import { ApiError } from '@/lib/api-client';
import { BannerSlot, PictureSlot } from '@/components/image-upload';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { useCroppedUpload } from '@/lib/use-cropped-upload';
import type { Viewer } from './access';
import { usePrivacyToggle, useRenameGroup, useUploadGroupImage, type GroupImageKind } from './api';
import { copyText } from '@/lib/copy-text';
import { GroupSettingsMenu } from './group-settings';
import { MembershipButton } from './membership-button';
import { GROUP_TEXTS } from './texts';
import { toastError, toastSuccess } from '@/lib/toast';

// The cropper (react-easy-crop, the slider) loads when the owner picks a picture, not with the page.
const CropDialog = lazyComponent(
  () => import('@/components/crop-dialog'),
  (m) => m.CropDialog,
);

/** The link toast stays 2 seconds on the community page (SPEC §4, §9). */
const LINK_TOAST_MS = 2000;

/** SPEC §2 community header: banner, picture, name, badges, membership, copy link, privacy (owner), owner editing. */
export function GroupHeader({
  detail,
  viewer,
  invitation,
  children,
}: {
  detail: GroupDetailResponse;
  viewer: Viewer;
  /** The viewer's pending invitation (members/invite-response.tsx, passed in by app/group-page.tsx). */
  invitation?: ReactNode;
  children?: ReactNode;
}) {
  const { group } = detail;
  const upload = useUploadGroupImage();
  const uploads = useCroppedUpload<GroupImageKind>((kind, image, onProgress) =>
    upload.mutateAsync({ groupId: group.id, kind, image, onProgress }),
  );
  // The crop dialog opens from a file picker, not a dialog trigger: focus goes back to the image's button by hand.
  const bannerButton = useRef<HTMLButtonElement>(null);
  const pictureButton = useRef<HTMLButtonElement>(null);
  const refocus = (kind: GroupImageKind) =>
    requestAnimationFrame(() => (kind === 'banner' ? bannerButton : pictureButton).current?.focus());

  return (
    <section aria-labelledby="group-name" className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      <GroupBanner detail={detail} owner={viewer.isOwner} uploads={uploads} buttonRef={bannerButton} />
      <div className="px-4 pb-4 sm:px-6 sm:pb-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:gap-5">
          <GroupPicture detail={detail} owner={viewer.isOwner} uploads={uploads} buttonRef={pictureButton} />
          <div className="min-w-0 flex-1 sm:pb-1">
            {viewer.isOwner ? <EditableName detail={detail} /> : <GroupName detail={detail} />}
            <p className="mt-1 text-sm text-fg-muted">
              {GROUP_TEXTS.memberCount(group.member_count)}
              <span aria-hidden> · </span>
              {GROUP_TEXTS.postCount(group.post_count)}
              <span aria-hidden> · </span>
              {group.is_private ? GROUP_TEXTS.private : GROUP_TEXTS.public}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2 sm:pb-1">
            {/* An invited person answers the invitation below instead of asking to join. */}
            {detail.invite && !viewer.isMember ? null : <MembershipButton detail={detail} viewer={viewer} />}
            <CopyLinkButton slug={group.slug} />
            {viewer.isOwner ? <PrivacySwitch groupId={group.id} isPrivate={group.is_private === 1} /> : null}
            {viewer.isMember ? <GroupSettingsMenu group={group} isOwner={viewer.isOwner} canManage={viewer.canManage} /> : null}
          </div>
        </div>
        {invitation}
      </div>
      {children}
      {uploads.pending ? (
        <Suspense fallback={null}>
          <CropDialog
            key={uploads.pending.source}
            kind={uploads.pending.kind}
            title={uploads.pending.kind === 'photo' ? GROUP_TEXTS.adjustPicture : GROUP_TEXTS.adjustBanner}
            source={uploads.pending.source}
            onCancel={() => {
              refocus(uploads.pending!.kind);
              uploads.cancel();
            }}
            onCropped={(image) => {
              refocus(uploads.pending!.kind);
              void uploads.cropped(image);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

type Uploads = ReturnType<typeof useCroppedUpload<GroupImageKind>>;

interface ImageSlotProps {
  detail: GroupDetailResponse;
  owner: boolean;
  uploads: Uploads;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

function GroupBanner({ detail, owner, uploads, buttonRef }: ImageSlotProps) {
  return <BannerSlot src={detail.group.group_banner} editable={owner} uploads={uploads} buttonRef={buttonRef} className="max-h-64" />;
}

function GroupPicture({ detail, owner, uploads, buttonRef }: ImageSlotProps) {
  return (
    <PictureSlot
      src={detail.group.group_dp}
      kind="community"
      alt={GROUP_TEXTS.pictureOf(detail.group.group_name)}
      label={GROUP_TEXTS.changePicture}
      editable={owner}
      uploads={uploads}
      buttonRef={buttonRef}
      className="-mt-10 size-20 sm:-mt-14 sm:size-28"
    />
  );
}

/** An icon that names itself, focusable so keyboard users get its tooltip too (SPEC §2: tooltip "Verified"). */
function TooltipIcon({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  const classes = cn('inline-flex shrink-0 rounded-full', className);
  return (
    <Tooltip content={label}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a tooltip trigger must take focus */}
      <span tabIndex={0} role="img" aria-label={label} className={classes}>
        {children}
      </span>
    </Tooltip>
  );
}

function Badges({ verified, isPrivate }: { verified: boolean; isPrivate: boolean }) {
  return (
    <>
      {verified ? (
        <TooltipIcon label={GROUP_TEXTS.verified} className="text-accent-fg">
          <BadgeCheck className="size-6" aria-hidden />
        </TooltipIcon>
      ) : null}
      {isPrivate ? (
        <TooltipIcon label={GROUP_TEXTS.privateCommunity} className="text-fg-muted">
          <Lock className="size-5" aria-hidden />
        </TooltipIcon>
      ) : null}
    </>
  );
}

function GroupName({ detail, action }: { detail: GroupDetailResponse; action?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <h1 id="group-name" className="min-w-0 text-2xl font-bold tracking-tight break-words text-fg sm:text-3xl">
        {detail.group.group_name}
      </h1>
      <Badges verified={detail.group.group_verified === 1} isPrivate={detail.group.is_private === 1} />
      {action}
    </div>
  );
}

/**
 * The owner's inline rename (SPEC §2, §5): at most 50 characters, Save and Cancel (Enter and Escape), sent only
 * when the cleaned name differs. "already exists" restores the old name; other failures keep the draft.
 */
function EditableName({ detail }: { detail: GroupDetailResponse }) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameGroup();
  const navigate = useNavigate();
  const location = useLocation();
  const editButton = useRef<HTMLButtonElement>(null);
  const { group } = detail;

  const stop = () => {
    setDraft(null);
    requestAnimationFrame(() => editButton.current?.focus());
  };

  const save = () => {
    if (draft === null || rename.isPending) return;
    const name = cleanGroupName(draft);
    if (!name) {
      void toastError(GROUP_TEXTS.nameInvalid);
      return;
    }
    if (name === group.group_name) {
      stop();
      return;
    }
    rename.mutate(
      { groupId: group.id, name },
      {
        onSuccess: (response) => {
          stop();
          // A rename gives a new slug: move the address to it, keeping the tab (old slugs keep resolving).
          const prefix = location.pathname.match(/^\/group\/[^/]+/)?.[0];
          if (prefix && prefix !== groupWebPath(response.group.slug)) {
            void navigate(`${groupWebPath(response.group.slug)}${location.pathname.slice(prefix.length)}`, { replace: true });
          }
        },
        onError: (error) => {
          if (error instanceof ApiError && /already exists/i.test(error.message)) stop();
        },
      },
    );
  };

  if (draft === null) {
    return (
      <GroupName
        detail={detail}
        action={
          <Tooltip content={GROUP_TEXTS.editName}>
            <Button
              ref={editButton}
              variant="ghost"
              size="icon-sm"
              aria-label={GROUP_TEXTS.editCommunityName}
              onClick={() => setDraft(group.group_name)}
            >
              <Pencil aria-hidden />
            </Button>
          </Tooltip>
        }
      />
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stop();
    }
  };

  return (
    <div className="flex min-w-0 items-center gap-2">
      <h1 id="group-name" className="sr-only">
        {group.group_name}
      </h1>
      <Input
        aria-label={GROUP_TEXTS.nameLabel}
        value={draft}
        maxLength={GROUP_LIMITS.nameMax}
        ref={focusOnMount}
        disabled={rename.isPending}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        className="h-11 min-w-0 flex-1 text-lg font-semibold"
      />
      <Button size="icon" aria-label={GROUP_TEXTS.saveName} onClick={save} disabled={rename.isPending}>
        <Check aria-hidden />
      </Button>
      <Button variant="outline" size="icon" aria-label={GROUP_TEXTS.cancelRenaming} onClick={stop} disabled={rename.isPending}>
        <X aria-hidden />
      </Button>
    </div>
  );
}

function CopyLinkButton({ slug }: { slug: string }) {
  const copy = async () => {
    const ok = await copyText(`${window.location.origin}${groupWebPath(slug)}`);
    if (ok) void toastSuccess(GROUP_TEXTS.linkCopied, { duration: LINK_TOAST_MS });
    else void toastError(GROUP_TEXTS.copyFailed);
  };
  return (
    <Tooltip content={GROUP_TEXTS.copyLink}>
      <Button variant="outline" size="icon" aria-label={GROUP_TEXTS.copyLink} onClick={() => void copy()}>
        <Link2 aria-hidden />
      </Button>
    </Tooltip>
  );
}

/** The owner's Private/Public switch: flips at once, reverts on failure, then shows the server's value. */
function PrivacySwitch({ groupId, isPrivate }: { groupId: number; isPrivate: boolean }) {
  const toggle = usePrivacyToggle();
  return (
    <label className="flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-line-strong bg-surface px-3 text-sm font-medium text-fg">
      <Switch.Root
        checked={isPrivate}
        onCheckedChange={(checked) => toggle.run({ groupId, isPrivate: checked })}
        aria-label={GROUP_TEXTS.privateCommunity}
        className="relative h-5 w-9 shrink-0 rounded-full bg-surface-strong transition-colors data-[state=checked]:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
      </Switch.Root>
      <span aria-hidden>{isPrivate ? GROUP_TEXTS.private : GROUP_TEXTS.public}</span>
    </label>
  );
}
