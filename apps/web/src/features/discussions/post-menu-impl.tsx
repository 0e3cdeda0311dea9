import { DropdownMenu } from 'radix-ui';
import { Bell, BellOff, Ellipsis } from 'lucide-react';
import type { Discussion } from '@agora/contract';
import { useMutes, useSetMute } from '@/features/account/public';
import { cn } from '@/lib/cn';
import { toastSuccess } from '@/lib/toast';
import { DISCUSSION_TEXTS } from './texts';

const triggerClass =
  'flex size-8 items-center justify-center rounded-lg text-fg-subtle transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring data-[state=open]:bg-surface-muted';

const itemClass = cn(
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-fg outline-none select-none',
  'data-[highlighted]:bg-surface-muted data-[disabled]:cursor-default data-[disabled]:opacity-60',
);

/**
 * The post card's menu (loaded on its first press by `PostMenu` in discussion-card.tsx): Mute / Unmute the post's
 * notifications (issue 14 §6), as the server has it, asked when the menu opens.
 */
export function PostMenuImpl({ post, defaultOpen }: { post: Discussion; defaultOpen?: boolean }) {
  // Here, not in the item: the items unmount when the menu closes, before the answer and its toast.
  const setMute = useSetMute();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={DISCUSSION_TEXTS.postOptions} className={triggerClass}>
        <Ellipsis className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-40 rounded-xl border border-line bg-surface p-1 text-fg shadow-panel data-[state=open]:animate-fade-in"
        >
          <MuteItem post={post} setMute={setMute} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function MuteItem({ post, setMute }: { post: Discussion; setMute: ReturnType<typeof useSetMute> }) {
  const mutes = useMutes();
  const muted = mutes.data?.discussions.includes(post.id) ?? false;
  return (
    <DropdownMenu.Item
      className={itemClass}
      disabled={!mutes.data}
      onSelect={() =>
        setMute.mutate(
          { kind: 'discussion', groupId: post.group_id, discussionId: post.id, muted: !muted },
          { onSuccess: () => void toastSuccess(muted ? DISCUSSION_TEXTS.postUnmuted : DISCUSSION_TEXTS.postMuted) },
        )
      }
    >
      {muted ? <Bell className="size-4" aria-hidden /> : <BellOff className="size-4" aria-hidden />}
      {muted ? DISCUSSION_TEXTS.unmute : DISCUSSION_TEXTS.mute}
    </DropdownMenu.Item>
  );
}
