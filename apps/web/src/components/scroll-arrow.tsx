import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The round arrow over either end of a strip of cards (suggested communities, blogs); `className` places it. */
export function ScrollArrow({
  side,
  label,
  onClick,
  className,
}: {
  side: 'left' | 'right';
  label: string;
  onClick: () => void;
  className?: string;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        'absolute z-20 flex size-10 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-surface text-fg shadow-panel',
        'hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        side === 'left' ? '-left-2 sm:-left-4' : '-right-2 sm:-right-4',
        className ?? 'top-1/2',
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
