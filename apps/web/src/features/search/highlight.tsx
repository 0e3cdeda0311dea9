import { highlightParts } from '@agora/contract';
import { cn } from '@/lib/cn';

/**
 * A hit's passage (issue 16): plain text with the matched words between the contract's markers, rendered as text
 * and `<mark>` elements (React escapes both; the server never sends HTML and none is ever injected).
 */
export function Highlight({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {highlightParts(text).map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-highlight px-0.5 text-fg">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}

/** The passage as a paragraph under a hit's heading. */
export function HighlightPassage({ text, className }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={cn('text-sm leading-relaxed text-fg-muted', className)}>
      <Highlight text={text} />
    </p>
  );
}
