import { Link2 } from 'lucide-react';
import { Tooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { copyText } from '@/lib/copy-text';
import { toastError, toastSuccess } from '@/lib/toast';
import { DISCUSSION_TEXTS } from './texts';
import { absoluteUrl } from './use-post-panel';

/** Copies the full address of `path` (SPEC §4 "Copy link": toast on success, legacy fallback, then an error toast). */
export async function copyLink(path: string): Promise<void> {
  // copyText starts the copy before its first await, while the click still counts as the user's gesture.
  if (await copyText(absoluteUrl(path))) void toastSuccess(DISCUSSION_TEXTS.linkCopied);
  else void toastError(DISCUSSION_TEXTS.copyFailed);
}

/** An icon button with a tooltip that copies a post's address. */
export function CopyLinkButton({ path, className }: { path: string; className?: string }) {
  return (
    <Tooltip content={DISCUSSION_TEXTS.copyLink}>
      <button
        type="button"
        aria-label={DISCUSSION_TEXTS.copyLink}
        onClick={() => void copyLink(path)}
        className={cn(
          'inline-flex size-9 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
      >
        <Link2 className="size-[18px]" aria-hidden />
      </button>
    </Tooltip>
  );
}
