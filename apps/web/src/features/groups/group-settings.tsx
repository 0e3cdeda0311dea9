import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { Bell, BellOff, Ellipsis, ListChecks, Settings, Trash2 } from 'lucide-react';
import type { Group } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useMutes, useSetMute } from '@/features/account/public';
import { useDeleteGroup } from './api';
import { menuContentClass, menuItemClass } from './menu';
import { PostingRulesDialog } from './posting-rules';
import { GROUP_TEXTS, POSTING_RULES_TEXTS } from './texts';
import { toastSuccess } from '@/lib/toast';

/**
 * The community's menu in its header: for a member, mute or unmute the community's notifications (issue 14 §6;
 * the state comes from the server when the menu opens); for the owner and admins the posting rules (issue 15 §7);
 * for the owner also delete the community after typing its name (the server checks it again and removes its
 * content and files). Ownership moves from the member list ("Make Owner" on an admin).
 */
export function GroupSettingsMenu({ group, isOwner, canManage }: { group: Group; isOwner: boolean; canManage: boolean }) {
  const [deleting, setDeleting] = useState(false);
  const [rules, setRules] = useState(false);
  // Here, not in the item: the menu closes (and its items unmount) before the answer comes, and the toast needs it.
  const setMute = useSetMute();
  const trigger = useRef<HTMLButtonElement>(null);
  // Opened from a menu item that is gone by now: focus returns to the settings button.
  const refocus = () => requestAnimationFrame(() => trigger.current?.focus());
  const label = canManage ? GROUP_TEXTS.communitySettings : GROUP_TEXTS.communityOptions;
  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its focusable content stays reachable. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button ref={trigger} variant="outline" size="icon" aria-label={label}>
            {canManage ? <Settings aria-hidden /> : <Ellipsis aria-hidden />}
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className={menuContentClass}>
            <MuteItem groupId={group.id} setMute={setMute} />
            {canManage ? (
              <DropdownMenu.Item className={menuItemClass()} onSelect={() => setRules(true)}>
                <ListChecks className="size-4" aria-hidden />
                {POSTING_RULES_TEXTS.postingRules}
              </DropdownMenu.Item>
            ) : null}
            {isOwner ? (
              <DropdownMenu.Item className={menuItemClass('danger')} onSelect={() => setDeleting(true)}>
                <Trash2 className="size-4" aria-hidden />
                {GROUP_TEXTS.deleteCommunity}
              </DropdownMenu.Item>
            ) : null}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {canManage ? (
        <PostingRulesDialog
          groupId={group.id}
          open={rules}
          onOpenChange={(open) => {
            setRules(open);
            if (!open) refocus();
          }}
        />
      ) : null}
      {isOwner ? (
        <DeleteGroupDialog
          group={group}
          open={deleting}
          onOpenChange={(open) => {
            setDeleting(open);
            if (!open) refocus();
          }}
        />
      ) : null}
    </>
  );
}

/** "Mute notifications" / "Unmute notifications", as the server has it; asked when the menu opens. */
function MuteItem({ groupId, setMute }: { groupId: number; setMute: ReturnType<typeof useSetMute> }) {
  const mutes = useMutes();
  const muted = mutes.data?.groups.includes(groupId) ?? false;
  return (
    <DropdownMenu.Item
      className={menuItemClass()}
      disabled={!mutes.data}
      onSelect={() =>
        setMute.mutate(
          { kind: 'group', groupId, muted: !muted },
          { onSuccess: () => void toastSuccess(muted ? GROUP_TEXTS.communityUnmuted : GROUP_TEXTS.communityMuted) },
        )
      }
    >
      {muted ? <Bell className="size-4" aria-hidden /> : <BellOff className="size-4" aria-hidden />}
      {muted ? GROUP_TEXTS.unmuteNotifications : GROUP_TEXTS.muteNotifications}
    </DropdownMenu.Item>
  );
}

function DeleteGroupDialog({ group, open, onOpenChange }: { group: Group; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteGroup();
  const navigate = useNavigate();
  const matches = typed.trim() === group.group_name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    remove.mutate(
      { groupId: group.id, confirmName: typed.trim() },
      {
        onSuccess: (data) => {
          onOpenChange(false);
          void toastSuccess(data.message);
          void navigate('/', { replace: true });
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
    >
      <DialogContent title={GROUP_TEXTS.deleteCommunity} description={GROUP_TEXTS.deleteDescription}>
        <form onSubmit={submit} className="space-y-4">
          <Field label={GROUP_TEXTS.typeToConfirm(group.group_name)}>
            <Input value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" maxLength={200} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {GROUP_TEXTS.cancel}
            </Button>
            <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
              <Trash2 aria-hidden />
              {GROUP_TEXTS.deleteCommunity}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
