import { parseLinks, SITE_NAMES, type LinkLine } from '@/lib/links';
import { cn } from '@/lib/cn';
import { SiteIcon } from './site-icon';

/** "Code (GitHub)", "example (example.org)"; just the host when the chip already shows it. */
function accessibleName(line: Extract<LinkLine, { kind: 'link' }>): string {
  const where = line.site ? SITE_NAMES[line.site] : line.host;
  const shownHost = line.label === line.host || line.label === line.host.replace(/^www\d*\./, '');
  return shownHost ? line.label : `${line.label} (${where})`;
}

/**
 * Newline-separated links as chips with a site icon (SPEC §2). Links open in a new tab without giving that
 * tab access to this one; lines that are not links are plain text. Everything is rendered as text.
 */
export function SocialLinks({ text, className }: { text: string | null | undefined; className?: string }) {
  const lines = parseLinks(text);
  if (lines.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-2', className)}>
      {lines.map((line, index) =>
        line.kind === 'link' ? (
          <li key={`${index}-${line.href}`} className="min-w-0 max-w-full">
            <a
              href={line.href}
              target="_blank"
              rel="noopener noreferrer"
              title={line.href}
              aria-label={accessibleName(line)}
              className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-line bg-surface py-1.5 pr-3.5 pl-2.5 text-sm font-medium text-fg shadow-sm transition-colors hover:border-accent-fg/40 hover:bg-accent-soft hover:text-accent-fg"
            >
              <SiteIcon site={line.site} className="size-4 shrink-0 text-accent-fg" />
              <span className="truncate">{line.label}</span>
            </a>
          </li>
        ) : (
          <li key={`${index}-text`} className="w-full text-sm break-words text-fg-muted">
            {line.text}
          </li>
        ),
      )}
    </ul>
  );
}
