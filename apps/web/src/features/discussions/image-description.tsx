import { useId, useState } from 'react';
import { DISCUSSION_LIMITS } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { defineTexts } from '@/lib/i18n';
import { DISCUSSION_TEXTS } from './texts';

/** The dialog's own texts: fetched with it, not with the feed a visitor loads first. */
export const IMAGE_DESCRIPTION_TEXTS = defineTexts('imageDescription', {
  addDescription: 'Add description',
  editDescription: 'Edit description',
  addDescriptionOf: (n: number) => `Add description to image ${n}`,
  editDescriptionOf: (n: number) => `Edit description of image ${n}`,
  describeTitle: (n: number) => `Describe image ${n}`,
  describeHint: 'A description helps people who use screen readers and anyone whose images do not load.',
  descriptionLabel: 'Image description',
  descriptionCount: (used: number, max: number) => `${used.toLocaleString('en-US')} / ${max.toLocaleString('en-US')}`,
  saveDescription: 'Save description',
});

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
        aria-label={alt === '' ? IMAGE_DESCRIPTION_TEXTS.addDescriptionOf(index) : IMAGE_DESCRIPTION_TEXTS.editDescriptionOf(index)}
        className="absolute inset-x-1 bottom-1 truncate rounded-md bg-overlay/80 px-1.5 py-0.5 text-xs font-medium text-white hover:bg-overlay/95 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white"
      >
        {alt === '' ? IMAGE_DESCRIPTION_TEXTS.addDescription : IMAGE_DESCRIPTION_TEXTS.editDescription}
      </DialogTrigger>
      <DialogContent title={IMAGE_DESCRIPTION_TEXTS.describeTitle(index)} description={IMAGE_DESCRIPTION_TEXTS.describeHint}>
        <label htmlFor={fieldId} className="sr-only">
          {IMAGE_DESCRIPTION_TEXTS.descriptionLabel}
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
          {IMAGE_DESCRIPTION_TEXTS.descriptionCount(draft.length, DISCUSSION_LIMITS.altMax)}
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
            {IMAGE_DESCRIPTION_TEXTS.saveDescription}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
