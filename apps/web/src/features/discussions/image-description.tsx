import { useId, useState } from 'react';
import { DISCUSSION_LIMITS } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { DISCUSSION_TEXTS } from './texts';

/**
 * An image's description (alt text, issue 18 §4): a visible "Add description" ("Edit description" once written)
 * that opens a small dialog with one field. Saving with an empty field removes the description. No <form>: the
 * dialog sits inside the post editor's form in React's tree, and a submit would bubble to it.
 */
export function ImageDescription({ index, alt, onSave }: { index: number; alt: string; onSave: (alt: string) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(alt);
  const fieldId = useId();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(alt);
        setOpen(next);
      }}
    >
      <DialogTrigger
        type="button"
        aria-label={alt === '' ? DISCUSSION_TEXTS.addDescriptionOf(index) : DISCUSSION_TEXTS.editDescriptionOf(index)}
        className="absolute inset-x-1 bottom-1 truncate rounded-md bg-overlay/80 px-1.5 py-0.5 text-xs font-medium text-white hover:bg-overlay/95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white"
      >
        {alt === '' ? DISCUSSION_TEXTS.addDescription : DISCUSSION_TEXTS.editDescription}
      </DialogTrigger>
      <DialogContent title={DISCUSSION_TEXTS.describeTitle(index)} description={DISCUSSION_TEXTS.describeHint}>
        <label htmlFor={fieldId} className="sr-only">
          {DISCUSSION_TEXTS.descriptionLabel}
        </label>
        <textarea
          id={fieldId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          maxLength={DISCUSSION_LIMITS.altMax}
          rows={4}
          className="w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
        />
        <p className="mt-1 text-right text-xs text-fg-subtle tabular-nums">
          {DISCUSSION_TEXTS.descriptionCount(draft.length, DISCUSSION_LIMITS.altMax)}
        </p>
        <div className="mt-3 flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">{DISCUSSION_TEXTS.cancel}</Button>
          </DialogClose>
          <Button
            onClick={() => {
              onSave(draft.replace(/\s+/g, ' ').trim());
              setOpen(false);
            }}
          >
            {DISCUSSION_TEXTS.saveDescription}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
