import { cn } from '@/lib/cn';

/** The Agora mark: a portico, the public square where people meet. */
export function LogoMark({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  const ink = inverted ? 'var(--color-brand-700)' : '#fff';
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className={inverted ? 'fill-white' : 'fill-brand-600'} />
      <g fill="none" stroke={ink} strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M7.5 13 16 7l8.5 6z" fill={ink} />
        <path d="M10.5 16v7M16 16v7M21.5 16v7M7.5 25.5h17" />
      </g>
    </svg>
  );
}

/** `inverted`: for dark backgrounds (white tile, white wordmark). */
export function Logo({
  className,
  showWordmark = true,
  inverted = false,
}: {
  className?: string;
  showWordmark?: boolean;
  inverted?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark inverted={inverted} />
      {showWordmark ? <span className={cn('text-lg font-bold tracking-tight', inverted ? 'text-white' : 'text-fg')}>Agora</span> : null}
    </span>
  );
}
