import { useRef, useState } from 'react';
import { Popover } from 'radix-ui';
import { UserRound, Users } from 'lucide-react';
import type { Friend } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Picture } from '@/components/ui/picture';
import { Button } from '@/components/ui/button';
import { FallbackImage } from '@/components/ui/fallback-image';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useOnlineUsers } from '@/lib/socket';
import { useProfilePanel } from '@/features/profiles/public';
import { useFriends } from './api';
import { PersonRowSkeletons } from './person-row';
import { FRIEND_TEXTS } from './texts';

/** Online friends first, each group in the server's order (alphabetical). */
export function onlineFirst(friends: readonly Friend[], online: ReadonlySet<number>): Friend[] {
  return [...friends.filter((f) => online.has(f.id)), ...friends.filter((f) => !online.has(f.id))];
}

/**
 * The friends panel's list (SPEC §2 Friends panel): the signed-in user's friends with a green dot on those online
 * (pushed by the server over the realtime connection), online ones first; a friend opens a small profile card
 * with View Profile.
 */
export function FriendsPanelList() {
  const session = useSession();
  const friends = useFriends(session?.userId ?? null);
  const online = useOnlineUsers();
  const all = friends.data?.pages.flatMap((p) => p.friends) ?? [];
  const list = onlineFirst(all, online);
  const onlineCount = all.filter((f) => online.has(f.id)).length;
  const total = friends.data?.pages[0]?.total;

  return (
    <section aria-labelledby="friends-panel-heading" className="mt-5">
      <div className="mb-2 flex items-baseline justify-between gap-2 px-1">
        <h2 id="friends-panel-heading" className="flex items-center gap-2 text-sm font-semibold text-fg">
          <Users className="size-4 text-accent-fg" aria-hidden />
          {FRIEND_TEXTS.friendsPanel}
          {total !== undefined ? <span className="font-normal text-fg-muted tabular-nums">({total})</span> : null}
        </h2>
        {all.length > 0 ? (
          <p className="text-xs text-fg-muted">
            <span className="tabular-nums">{onlineCount}</span> online
          </p>
        ) : null}
      </div>
      {friends.isPending ? (
        <PersonRowSkeletons count={3} />
      ) : friends.isError ? (
        <LoadError compact message={FRIEND_TEXTS.loadFailed} onRetry={() => friends.refetch()} retrying={friends.isFetching} />
      ) : list.length === 0 ? (
        <p className="px-1 text-sm text-fg-subtle">{FRIEND_TEXTS.noFriends}</p>
      ) : (
        <ul aria-label={FRIEND_TEXTS.friendsPanel} className="space-y-0.5">
          {list.map((friend) => (
            <FriendEntry key={friend.id} friend={friend} online={online.has(friend.id)} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(friends.hasNextPage)}
        loading={friends.isFetchingNextPage}
        onLoadMore={() => void friends.fetchNextPage()}
      />
    </section>
  );
}

function OnlineDot({ online, className }: { online: boolean; className?: string }) {
  if (!online) return null;
  return (
    <span aria-hidden className={cn('absolute right-0 bottom-0 block size-3 rounded-full bg-success-fg ring-2 ring-surface', className)} />
  );
}

function FriendEntry({ friend, online }: { friend: Friend; online: boolean }) {
  const [open, setOpen] = useState(false);
  const panel = useProfilePanel();
  const trigger = useRef<HTMLButtonElement>(null);
  // View Profile first closes the card and gives focus back to the friend's row, then opens the profile panel:
  // the panel remembers the row as its opener and returns focus there when it closes.
  const viewProfile = useRef(false);
  return (
    <li>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            ref={trigger}
            type="button"
            // Spelled out: browsers put a space between the flex items' texts ("ada , Online").
            aria-label={`${friend.username}, ${online ? FRIEND_TEXTS.online : FRIEND_TEXTS.offline}`}
            className="flex w-full min-w-0 items-center gap-3 rounded-xl px-1.5 py-1.5 text-left transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring data-[state=open]:bg-surface-muted"
          >
            <span className="relative shrink-0">
              <Picture src={friend.user_dp} size="sm" className="size-9" />
              <OnlineDot online={online} />
            </span>
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg">{friend.username}</span>
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            side="left"
            align="start"
            sideOffset={10}
            collisionPadding={12}
            aria-label={FRIEND_TEXTS.profileOf(friend.username)}
            onCloseAutoFocus={(event) => {
              if (!viewProfile.current) return;
              viewProfile.current = false;
              event.preventDefault();
              trigger.current?.focus();
              panel.open(friend.id);
            }}
            className="z-40 w-64 overflow-hidden rounded-2xl border border-line bg-surface shadow-panel data-[state=open]:animate-fade-in focus-visible:outline-none"
          >
            <div className="aspect-[3/1] w-full bg-surface-strong">
              <FallbackImage src={friend.user_banner} kind="banner" alt="" className="size-full object-cover" />
            </div>
            <div className="px-4 pb-4">
              <span className="relative -mt-6 inline-block">
                <Picture src={friend.user_dp} size="lg" className="border-4 border-surface" />
                <OnlineDot online={online} className="right-1 bottom-1 size-3.5" />
              </span>
              <p className="truncate font-semibold text-fg">{friend.username}</p>
              <p className="text-xs text-fg-muted">{online ? FRIEND_TEXTS.online : FRIEND_TEXTS.offline}</p>
              {friend.user_bio ? <p className="mt-2 text-sm break-words text-fg-muted">{friend.user_bio}</p> : null}
              <Button
                variant="outline"
                size="sm"
                className="mt-3 w-full"
                onClick={() => {
                  viewProfile.current = true;
                  setOpen(false);
                }}
              >
                <UserRound aria-hidden />
                {FRIEND_TEXTS.viewProfile}
              </Button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </li>
  );
}
