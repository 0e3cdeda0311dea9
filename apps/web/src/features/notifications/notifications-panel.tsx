import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  AtSign,
  BadgeCheck,
  Ban,
  Bell,
  Check,
  DoorOpen,
  Heart,
  MailPlus,
  MessageCircle,
  PackageCheck,
  Reply,
  SearchX,
  ShieldCheck,
  Trash2,
  UserCheck,
  UserMinus,
  ShieldX,
  UserPlus,
  Users,
  UserX,
  X,
} from 'lucide-react';
import { canonicalNotificationType, type Notification, type NotificationType } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Picture } from '@/components/ui/picture';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Sheet, SheetClose } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { formatTimestamp, isMobileWidth } from '@/lib/time';
import { useProfilePanel } from '@/features/profiles/public';
import { useRespondInvite } from '@/features/members/api';
import {
  useClearNotifications,
  useDeleteNotification,
  useForgetNotification,
  useMarkRead,
  useNotifications,
  useRespondFriendRequest,
  useUnreadCount,
} from './api';
import { isAnswerable, notificationMatches, notificationTarget } from './rules';
import { NOTIFICATION_TEXTS } from './texts';

/**
 * SPEC §2 Notifications panel: title with the unread badge, search (sender, content, community or type, any
 * case), the list (newest first, more as you scroll) with a red bar on unread items, Accept / Decline on friend
 * requests and invitations, Delete on the others (on hover or focus; always on touch screens), Clear
 * notifications, and the empty texts. Clicking an item marks it read and then follows it (see rules.ts).
 */
export function NotificationsPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [search, setSearch] = useState('');
  const list = useNotifications(open);
  const unread = useUnreadCount().data ?? 0;
  const clear = useClearNotifications();
  const all = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  // Clear keeps pending friend requests and invitations: with only those loaded, there is nothing to clear.
  const clearable = all.some((n) => !isAnswerable(n.noti_type)) || Boolean(list.hasNextPage);
  const searching = search.trim() !== '';
  const shown = searching ? all.filter((n) => notificationMatches(n, search)) : all;
  // A friend request opens the sender's profile over this panel: focus moving into that drawer must not close
  // this one (Radix dismisses a dialog when focus leaves it). Escape still reaches the profile first.
  const profileOpen = useProfilePanel().isOpen;
  const changeOpen = (next: boolean) => {
    if (!next && profileOpen) return;
    onOpenChange(next);
  };

  return (
    <Sheet open={open} onOpenChange={changeOpen} title={NOTIFICATION_TEXTS.title} className="md:w-[450px]">
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4">
        {/* The name is spelled out: the badge's number alone would be read run into the title. */}
        <h2
          aria-label={unread > 0 ? `${NOTIFICATION_TEXTS.title}, ${NOTIFICATION_TEXTS.unreadCount(unread)}` : NOTIFICATION_TEXTS.title}
          className="flex items-center gap-2.5 text-lg font-semibold text-fg"
        >
          {NOTIFICATION_TEXTS.title}
          {unread > 0 ? (
            <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-white tabular-nums">{unread}</span>
          ) : null}
        </h2>
        <SheetClose
          aria-label={NOTIFICATION_TEXTS.closePanel}
          className="rounded-lg p-1.5 text-fg-subtle hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-5" aria-hidden />
        </SheetClose>
      </div>
      <div className="flex items-center gap-2 px-5 py-3">
        <SearchInput label={NOTIFICATION_TEXTS.search} value={search} onChange={setSearch} className="min-w-0 flex-1" />
        <Button
          variant="ghost"
          size="sm"
          disabled={!clearable || clear.mutation.isPending}
          onClick={() => clear.run()}
          className="text-fg-muted"
          aria-label={NOTIFICATION_TEXTS.clear}
          title={NOTIFICATION_TEXTS.clear}
        >
          <Trash2 aria-hidden />
          <span className="hidden sm:inline">{NOTIFICATION_TEXTS.clearShort}</span>
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {list.isPending ? (
          <ItemSkeletons />
        ) : list.isError && all.length === 0 ? (
          <LoadError message={NOTIFICATION_TEXTS.loadFailed} onRetry={() => list.refetch()} retrying={list.isFetching} className="m-4" />
        ) : shown.length === 0 && !(searching && list.hasNextPage) ? (
          <Empty searching={searching} />
        ) : (
          <ul aria-label={NOTIFICATION_TEXTS.title} className="pb-4">
            {shown.map((n) => (
              <NotificationItem key={n.id} notification={n} onClosePanel={() => onOpenChange(false)} />
            ))}
          </ul>
        )}
        {/* While searching, further pages keep loading as they come into view: the search runs on loaded items. */}
        <LoadMore hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
      </div>
    </Sheet>
  );
}

function Empty({ searching }: { searching: boolean }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-8 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
        {searching ? <SearchX className="size-7" aria-hidden /> : <Bell className="size-7" aria-hidden />}
      </span>
      <p className="text-base font-semibold text-fg">{searching ? NOTIFICATION_TEXTS.noMatch : NOTIFICATION_TEXTS.empty}</p>
      <p className="max-w-xs text-sm text-fg-subtle">{searching ? NOTIFICATION_TEXTS.noMatchHint : NOTIFICATION_TEXTS.emptyHint}</p>
    </div>
  );
}

const TYPE_ICONS: Partial<Record<NotificationType, typeof Heart>> = {
  like: Heart,
  comment: MessageCircle,
  comment_like: Heart,
  comment_reply: Reply,
  mention: AtSign,
  friend_request: UserPlus,
  friend_request_accepted: UserCheck,
  friend_request_rejected: UserX,
  group_invite: MailPlus,
  new_follower: Users,
  join_request: DoorOpen,
  join_request_approved: BadgeCheck,
  join_request_declined: Ban,
  role_changed: ShieldCheck,
  member_removed: UserMinus,
  export_ready: PackageCheck,
  content_removed: ShieldX,
  banned: Ban,
};

/**
 * The server's own notifications (no sender; SYSTEM_NOTIFICATION_TYPES): their text from this catalogue (so it is
 * in the reader's language), their type's icon where a sender's picture would be.
 */
const SYSTEM_TEXTS: Partial<Record<NotificationType, string>> = { export_ready: NOTIFICATION_TEXTS.exportReady };

function NotificationItem({ notification: n, onClosePanel }: { notification: Notification; onClosePanel: () => void }) {
  const navigate = useNavigate();
  const profile = useProfilePanel();
  const markRead = useMarkRead();
  const remove = useDeleteNotification();
  const type = canonicalNotificationType(n.noti_type);
  const Icon = TYPE_ICONS[type] ?? Bell;
  const unread = !n.is_read;
  const sender = n.sender_username ?? 'Someone';
  const systemText = SYSTEM_TEXTS[type];

  const open = () => {
    if (unread) markRead.run({ id: n.id });
    const target = notificationTarget(n);
    if (target.kind === 'profile') profile.open(target.userId);
    else if (target.kind === 'post' || target.kind === 'navigate') {
      // A post opens over the page, not over the list: closing it goes back to the page (the list is one click away).
      onClosePanel();
      void navigate(target.href);
    }
  };

  return (
    <li className="group relative border-b border-line px-3 py-1 last:border-b-0 sm:px-4">
      {unread ? <span aria-hidden className="absolute inset-y-2 left-1 w-1 rounded-full bg-danger" /> : null}
      <div className="flex items-start gap-1">
        <button
          type="button"
          onClick={open}
          className={cn(
            'flex min-w-0 flex-1 items-start gap-3 rounded-xl px-2 py-2.5 text-left transition-colors hover:bg-surface-muted',
            'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
          )}
        >
          {systemText ? (
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
              <Icon className="size-5" aria-hidden />
            </span>
          ) : (
            <span className="relative shrink-0">
              <Picture src={n.sender_profile_image} size="md" />
              {/* Mostly outside the picture's corner: over it, the badge hid the second of a picture's initials. */}
              <span className="absolute -right-2.5 -bottom-2 flex size-[18px] items-center justify-center rounded-full bg-accent-soft text-accent-fg ring-2 ring-surface">
                <Icon className="size-2.5" aria-hidden />
              </span>
            </span>
          )}
          <span className="min-w-0 flex-1">
            {unread ? <span className="sr-only">{NOTIFICATION_TEXTS.unread}: </span> : null}
            <span className={cn('block text-sm break-words text-fg', unread && 'font-medium')}>
              {systemText ?? (n.noti_content || sender)}
            </span>
            {n.group_name ? <span className="mt-0.5 block truncate text-xs text-fg-muted">{n.group_name}</span> : null}
            <time dateTime={n.date_created} className="mt-0.5 block text-xs text-fg-subtle">
              {formatTimestamp(n.date_created, new Date(), isMobileWidth(window.innerWidth) ? 'mobile' : 'desktop')}
            </time>
          </span>
        </button>
        {isAnswerable(type) ? null : (
          <Tooltip content={NOTIFICATION_TEXTS.delete}>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={NOTIFICATION_TEXTS.delete}
              onClick={() => remove.run({ id: n.id })}
              className="mt-2.5 text-fg-muted hover:bg-danger-soft hover:text-danger-fg focus-visible:opacity-100 md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100"
            >
              <Trash2 aria-hidden />
            </Button>
          </Tooltip>
        )}
      </div>
      {type === 'friend_request' ? <FriendRequestAnswer notification={n} sender={sender} /> : null}
      {type === 'group_invite' ? <InviteAnswer notification={n} /> : null}
    </li>
  );
}

function AnswerButtons({
  onAccept,
  onDecline,
  busy,
  about,
}: {
  onAccept: () => void;
  onDecline: () => void;
  busy: boolean;
  /** Who or what is answered, for screen readers ("Accept friend request from ada"). */
  about: string;
}) {
  return (
    <div className="flex gap-2 pb-2.5 pl-[3.75rem]">
      <Button size="sm" disabled={busy} onClick={onAccept} aria-label={`${NOTIFICATION_TEXTS.accept} ${about}`}>
        <Check aria-hidden />
        {NOTIFICATION_TEXTS.accept}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={onDecline} aria-label={`${NOTIFICATION_TEXTS.decline} ${about}`}>
        <X aria-hidden />
        {NOTIFICATION_TEXTS.decline}
      </Button>
    </div>
  );
}

function FriendRequestAnswer({ notification, sender }: { notification: Notification; sender: string }) {
  const { accept, decline } = useRespondFriendRequest();
  return (
    <AnswerButtons
      about={NOTIFICATION_TEXTS.friendRequestFrom(sender)}
      busy={accept.isPending || decline.isPending}
      onAccept={() => accept.mutate({ id: notification.id })}
      onDecline={() => decline.mutate({ id: notification.id })}
    />
  );
}

function InviteAnswer({ notification }: { notification: Notification }) {
  const { accept, decline } = useRespondInvite();
  const forget = useForgetNotification();
  const onSuccess = () => forget(notification.id);
  return (
    <AnswerButtons
      about={NOTIFICATION_TEXTS.invitationTo(notification.group_name ?? null)}
      busy={accept.isPending || decline.isPending}
      onAccept={() => accept.mutate({ notificationId: notification.id }, { onSuccess })}
      onDecline={() => decline.mutate({ notificationId: notification.id }, { onSuccess })}
    />
  );
}

function ItemSkeletons() {
  return (
    <ul aria-hidden className="space-y-1 px-5 py-2">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="flex items-start gap-3 py-2.5">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-3 w-24" />
          </div>
        </li>
      ))}
    </ul>
  );
}
