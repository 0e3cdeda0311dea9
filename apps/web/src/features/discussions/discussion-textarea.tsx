import { useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { insertBlockText, insertText, readPaste, toggleBold, type TextSelection } from './editing';

interface DiscussionTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'onPaste'> {
  value: string;
  onChange: (value: string) => void;
  /** Pasted images: the caller uploads them and returns the text to insert for each (a placeholder it replaces later). */
  onPasteImages?: (images: Blob[]) => string[];
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * The post editor's text area (SPEC §2, §5): Ctrl/Cmd+B toggles `**bold**` around the selection; a paste is cleaned
 * (`cleanPastedText`), its images handed to `onPasteImages` and inserted where the caret was, and addresses of
 * pasted HTML images inserted as `[url]`.
 */
export function DiscussionTextarea({ value, onChange, onPasteImages, className, ref, onKeyDown, ...props }: DiscussionTextareaProps) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  // The selection to restore once React has written the new value.
  const pending = useRef<TextSelection | null>(null);

  useLayoutEffect(() => {
    const node = own.current;
    const next = pending.current;
    if (!node || !next) return;
    pending.current = null;
    node.setSelectionRange(next.start, next.end);
  }, [value]);

  const apply = (next: TextSelection) => {
    pending.current = next;
    onChange(next.value);
  };

  const selection = (node: HTMLTextAreaElement): TextSelection => ({ value, start: node.selectionStart, end: node.selectionEnd });

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b') {
      event.preventDefault();
      apply(toggleBold(selection(event.currentTarget)));
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const content = readPaste(event.clipboardData);
    event.preventDefault();
    const images = [
      ...content.remoteImages.map((url) => `[${url}]`),
      ...(onPasteImages && content.images.length > 0 ? onPasteImages(content.images) : []),
    ];
    const at = selection(event.currentTarget);
    if (images.length === 0) {
      if (content.text !== '') apply(insertText(at, content.text));
      return;
    }
    // Images stand on their own lines (issue 12 §2.8), after any pasted text.
    apply(insertBlockText(at, [content.text, ...images].filter((part) => part !== '').join('\n')));
  };

  return (
    <textarea
      {...props}
      ref={(node) => {
        own.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      className={cn(
        'block w-full resize-y rounded-xl border border-line-strong bg-surface px-3.5 py-3 text-[15px] leading-relaxed text-fg',
        'placeholder:text-fg-subtle focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        'disabled:opacity-60',
        className,
      )}
    />
  );
}
