import { cn } from '@/lib/cn';

/** The Agora mark: a portico, the public square where people meet. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <g fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M7.5 13 16 7l8.5 6z" fill="#fff" />
        <path d="M10.5 16v7M16 16v7M21.5 16v7M7.5 25.5h17" />
      </g>
    </svg>
  );
}

export function Logo({ className, showWordmark = true }: { className?: string; showWordmark?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      {showWordmark ? <span className="text-lg font-bold tracking-tight text-zinc-900">Agora</span> : null}
    </span>
  );
}
