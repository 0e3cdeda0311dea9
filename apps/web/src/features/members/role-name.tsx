import { Badge, ShieldCheck } from 'lucide-react';
import type { Role } from '@agora/contract';
import { cn } from '@/lib/cn';
import { defineTexts } from '@/lib/i18n';

export const ROLE_LABELS: Record<Role, string> = defineTexts('roles', { owner: 'Owner', admin: 'Admin', moderator: 'Moderator', member: 'Member' });

/**
 * A username coloured by community role (SPEC §6): owner and admin red with a shield-check icon, moderator blue
 * with a badge icon, member plain. The icon carries the role's name for screen readers.
 */
export function RoleName({ username, role, className }: { username: string; role: Role; className?: string }) {
  const staffIcon =
    role === 'owner' || role === 'admin' ? (
      <ShieldCheck className="size-4 shrink-0" aria-label={ROLE_LABELS[role]} role="img" />
    ) : role === 'moderator' ? (
      <Badge className="size-4 shrink-0" aria-label={ROLE_LABELS[role]} role="img" />
    ) : null;
  return (
    <span
      className={cn(
        'inline-flex min-w-0 items-center gap-1 font-semibold',
        role === 'owner' || role === 'admin' ? 'text-role-admin' : role === 'moderator' ? 'text-role-moderator' : 'text-fg',
        className,
      )}
    >
      <span className="truncate">{username}</span>
      {staffIcon}
    </span>
  );
}
