import type { ReactNode } from 'react';
import { Picture } from '@/components/ui/picture';
import { Skeleton } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { useProfilePanel } from '@/features/profiles/public';

interface PersonRowProps {
  id: number;
  username: string;
  image: string | null;
  /** A second line (mutual friends, a bio). */
  detail?: string;
  /** Buttons after the name (friend actions, remove). */
  actions?: ReactNode;
}

/** One person in a friends list: the picture and name open their profile panel (one's own for oneself). */
export function PersonRow({ id, username, image, detail, actions }: PersonRowProps) {
  const session = useSession();
  const panel = useProfilePanel();
  return (
    <li className="flex items-center gap-2 rounded-xl py-1.5 pr-1 pl-1.5 transition-colors hover:bg-surface-muted">
      <button
        type="button"
        onClick={() => panel.open(id === session?.userId ? 'me' : id)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg p-0.5 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Picture src={image} size="md" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold text-fg">{username}</span>
          {detail ? <span className="block truncate text-xs text-fg-muted">{detail}</span> : null}
        </span>
      </button>
      {actions}
    </li>
  );
}

export function PersonRowSkeletons({ count = 3 }: { count?: number }) {
  return (
    <ul aria-hidden className="space-y-1">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-2 py-2">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-20" />
          </div>
        </li>
      ))}
    </ul>
  );
}
