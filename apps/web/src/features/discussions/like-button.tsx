import { useLocation, useNavigate } from 'react-router';
import { Heart } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { toastError } from '@/lib/toast';
import { DISCUSSION_MESSAGES } from '@agora/contract';
import { loginPathFor } from '@/features/auth/public';
import { useCanLike } from '@/features/groups/api';
import { formatNumber } from '@/lib/i18n';

interface LikeButtonProps {
  /** The community of the post: only its members like (decision 0012 (a)). */
  groupId: number;
  liked: boolean;
  count: number;
  /** What the toggle does ("Like post", "Like comment"); the state is `aria-pressed`. */
  label: string;
  /** The count in words ("3 likes"): the name starts with it. */
  countLabel: string;
  onToggle: () => void;
  size?: 'sm' | 'md';
  /**
   * What the server said the viewer may do (a discussion's `abilities.like`); without it the web infers membership
   * from the loaded community or the joined list (`useCanLike`), which is unknown past its first page.
   */
  canLike?: boolean;
  /** Said instead of "join to like" when the viewer may not like it for another reason (a removed post). */
  refusal?: string;
}

/**
 * A like toggle with its count (SPEC §4). Its name starts with what it shows, "3 likes, Like post" (WCAG 2.5.3
 * label in name: a voice-control user says "click 3"). Visitors are sent to sign in and come back here (SPEC §6); the toggle
 * itself is optimistic in the caller's hook. A signed-in viewer outside the community keeps the count and the button
 * (as Facebook Groups does), but pressing it says "Join the group to like its posts" and sends nothing.
 */
export function LikeButton({ groupId, liked, count, label, countLabel, onToggle, size = 'md', canLike: told, refusal }: LikeButtonProps) {
  const session = useSession();
  const inferred = useCanLike(groupId);
  const canLike = told ?? inferred;
  const navigate = useNavigate();
  const location = useLocation();
  const onClick = () => {
    if (!session) {
      void navigate(loginPathFor(`${location.pathname}${location.search}`));
      return;
    }
    if (!canLike) {
      void toastError(refusal ?? DISCUSSION_MESSAGES.memberToLike);
      return;
    }
    onToggle();
  };
  return (
    <button
      type="button"
      aria-label={`${countLabel}, ${label}`}
      aria-pressed={liked}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-lg font-medium transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        size === 'md' ? 'h-9 px-2.5 text-sm' : 'h-7 px-1.5 text-xs',
        liked ? 'text-danger-fg hover:bg-danger-soft' : 'text-fg-muted hover:bg-surface-muted hover:text-fg',
      )}
    >
      <Heart className={cn(size === 'md' ? 'size-[18px]' : 'size-4', liked && 'fill-current')} aria-hidden />
      <span className="tabular-nums">{formatNumber(count)}</span>
    </button>
  );
}
