import { useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { Ban, Crown, MoreHorizontal, ShieldCheck, UserMinus, UserRound, Badge as BadgeIcon } from 'lucide-react';
import {
  assignableRoles,
  canKick,
  canTransferOwnership,
  isStaff,
  outranks,
  type AssignableRole,
  type GroupMember,
  type Role,
} from '@agora/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useAssignRole, useKickMember, useTransferOwnership } from './api';
import { menuContentClass, menuItemClass } from '@/features/groups/public';
import { GROUP_TEXTS } from '@/features/groups/public';
import { BanDialog, MODERATION_TEXTS } from '@/features/moderation/public';

export type MemberMenuEntry =
  | { kind: 'role'; role: AssignableRole; label: string }
  | { kind: 'kick'; label: string }
  | { kind: 'ban'; label: string }
  | { kind: 'transfer'; label: string }
  | { kind: 'no-permission'; label: string };

const ROLE_ENTRY_LABEL: Record<AssignableRole, string> = {
  admin: GROUP_TEXTS.makeAdmin,
  moderator: GROUP_TEXTS.makeModerator,
  member: GROUP_TEXTS.makeMember,
};

/**
 * What the options menu offers an actor for a target (SPEC §6), from the contract's rank rules the server also
 * enforces: nothing for non-staff; "You don't have permission to modify this user." when the actor does not
 * outrank the target; else the roles below the actor that differ from the target's (only the owner grants admin),
 * Kick Member, Ban (issue 15 §4: the kick's rank rule), and for the owner on an admin, Make Owner (transfer).
 */
export function memberMenuEntries(actor: Role | null, target: Role): MemberMenuEntry[] {
  if (!actor || !isStaff(actor)) return [];
  if (!outranks(actor, target)) return [{ kind: 'no-permission', label: GROUP_TEXTS.noPermission }];
  const entries: MemberMenuEntry[] = assignableRoles(actor, target).map((role) => ({ kind: 'role', role, label: ROLE_ENTRY_LABEL[role] }));
  if (canKick(actor, target))
    entries.push({ kind: 'kick', label: GROUP_TEXTS.kickMember }, { kind: 'ban', label: MODERATION_TEXTS.banMember });
  if (canTransferOwnership(actor, target)) entries.push({ kind: 'transfer', label: GROUP_TEXTS.transferOwnership });
  return entries;
}

type Action = { kind: 'role'; role: AssignableRole } | { kind: 'kick' } | { kind: 'transfer' };

const ENTRY_ICONS = { admin: ShieldCheck, moderator: BadgeIcon, member: UserRound } as const;

/** The staff's options button on another member's card, with the SPEC §5 confirmations. */
export function MemberMenu({ groupId, actor, member }: { groupId: number; actor: Role | null; member: GroupMember }) {
  const entries = memberMenuEntries(actor, member.role_name);
  // The action stays set while the dialog closes, so its text does not change during the closing animation.
  const [pending, setPending] = useState<Action | null>(null);
  const [open, setOpen] = useState(false);
  const [banning, setBanning] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const assign = useAssignRole(groupId);
  const kick = useKickMember(groupId);
  const transfer = useTransferOwnership(groupId);
  if (entries.length === 0) return null;

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'role') assign.mutate({ memberId: member.id, newRole: pending.role });
    else if (pending.kind === 'kick') kick.mutate({ memberId: member.id });
    else transfer.mutate({ memberId: member.id });
    setOpen(false);
  };

  const title =
    pending?.kind === 'role'
      ? GROUP_TEXTS.confirmRole(pending.role)
      : pending?.kind === 'kick'
        ? GROUP_TEXTS.confirmKick(member.username)
        : GROUP_TEXTS.confirmTransfer(member.username);

  return (
    <>
      {/* Not modal: a modal menu hides the page with aria-hidden while its focusable content stays reachable. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button ref={trigger} variant="ghost" size="icon-sm" aria-label={GROUP_TEXTS.optionsFor(member.username)}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={menuContentClass}>
            {entries.map((entry) => {
              if (entry.kind === 'no-permission') {
                return (
                  <DropdownMenu.Item key="none" disabled className={`${menuItemClass()} max-w-64 whitespace-normal`}>
                    {entry.label}
                  </DropdownMenu.Item>
                );
              }
              const Icon =
                entry.kind === 'role' ? ENTRY_ICONS[entry.role] : entry.kind === 'kick' ? UserMinus : entry.kind === 'ban' ? Ban : Crown;
              return (
                <DropdownMenu.Item
                  key={entry.kind === 'role' ? entry.role : entry.kind}
                  className={menuItemClass(entry.kind === 'kick' || entry.kind === 'ban' ? 'danger' : 'default')}
                  onSelect={() => {
                    if (entry.kind === 'ban') {
                      setBanning(true);
                      return;
                    }
                    setPending(entry.kind === 'role' ? { kind: 'role', role: entry.role } : { kind: entry.kind });
                    setOpen(true);
                  }}
                >
                  <Icon className="size-4" aria-hidden />
                  {entry.label}
                </DropdownMenu.Item>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        confirmLabel={pending?.kind === 'kick' ? GROUP_TEXTS.kickMember : 'Confirm'}
        destructive={pending?.kind === 'kick'}
        onConfirm={confirm}
        returnFocusTo={trigger}
      />
      <BanDialog groupId={groupId} user={member} open={banning} onOpenChange={setBanning} returnFocusTo={trigger} />
    </>
  );
}
