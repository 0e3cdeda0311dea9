import { Suspense, useRef, useState, type FormEvent } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { AlertCircle, ImagePlus, Loader2, Trash2, X } from 'lucide-react';
import { DISCUSSION_LIMITS } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { useReturnFocus } from '@/components/ui/return-focus';
import { cn } from '@/lib/cn';
import { useDraft } from '@/lib/use-draft';
import { postingRefusal, useCreateDiscussion } from './api';
import { textImages } from './editing';
import { MentionAutocomplete } from '@/features/mentions/lazy';
import { DiscussionTextarea } from './discussion-textarea';
import { DISCUSSION_TEXTS } from './texts';
import { AltBadge } from './alt-badge';
import { LazyImageDescription } from './image-description-lazy';
import { useImageUploads, type ImageUpload } from './use-image-uploads';
import { usePastedImages } from './use-pasted-images';

/** SPEC §9 "Post editor 15 rows". */
export const EDITOR_ROWS = 15;

export interface PostTarget {
  id: number;
  name: string;
}

/** Why the post button is disabled (SPEC §2 titles), or null when it may post. */
export function postBlocker(text: string, uploading: boolean): string | null {
  if (text.trim() === '') return DISCUSSION_TEXTS.writeFirst;
  if (uploading) return DISCUSSION_TEXTS.waitForUploads;
  return null;
}

/**
 * The create-a-post modal (SPEC §2): a 15-row editor (Ctrl/Cmd+B bold, cleaned pastes, pasted images uploaded and
 * inserted), several images chosen at once with previews and per-image progress, and Post, disabled with the
 * spec's titles. The text is a draft per community kept on this device (it survives closing, a reload and
 * navigation; issue 12 §2.3) until posted or discarded; the images survive closing.
 */
export function DiscussionEditorDialog({
  open,
  onOpenChange,
  group,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  group: PostTarget;
}) {
  const [text, setText, discardText] = useDraft(`post:${group.id}`, '');
  const [notice, setNotice] = useState<string | null>(null);
  const images = useImageUploads();
  const pasted = usePastedImages(setText);
  const create = useCreateDiscussion();
  const returnFocus = useReturnFocus();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const blocker = create.isPending ? DISCUSSION_TEXTS.posting : postBlocker(text, images.uploading || pasted.pending > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocker) return;
    create.mutate(
      { groupId: group.id, content: text, mediaUrls: images.urls, mediaAlts: images.alts },
      {
        onSuccess: () => {
          discardText();
          setNotice(null);
          images.reset();
          pasted.reset();
          onOpenChange(false);
        },
        // Slow mode, account age, a blocked word…: the server's words stay beside the text until the next try.
        onError: (error) => {
          const refusal = postingRefusal(error);
          if (refusal) setNotice(refusal);
        },
      },
    );
  };

  const addFiles = (files: File[]) => {
    const { refusedType, refusedCount } = images.add(files);
    setNotice(refusedCount > 0 ? DISCUSSION_TEXTS.tooManyImages : refusedType > 0 ? DISCUSSION_TEXTS.notAnImage : null);
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-scrim backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            returnFocus.onOpenAutoFocus();
            event.preventDefault();
            textarea.current?.focus();
          }}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl bg-surface text-fg shadow-panel data-[state=open]:animate-pop-in focus-visible:outline-none sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100vw-2rem)]',
          )}
        >
          <div className="flex items-start justify-between gap-4 px-5 pt-5 pb-3">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-fg">{DISCUSSION_TEXTS.createTitle}</RadixDialog.Title>
              <RadixDialog.Description className="mt-0.5 truncate text-sm text-fg-subtle">
                {DISCUSSION_TEXTS.postTo(group.name)}
              </RadixDialog.Description>
            </div>
            <RadixDialog.Close
              aria-label={DISCUSSION_TEXTS.close}
              className="-mt-1 -mr-1 rounded-lg p-1.5 text-fg-subtle hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
            <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-5 pb-4">
              <label htmlFor="post-editor-text" className="sr-only">
                {DISCUSSION_TEXTS.editorLabel}
              </label>
              <div className="relative">
                <DiscussionTextarea
                  id="post-editor-text"
                  ref={textarea}
                  rows={EDITOR_ROWS}
                  value={text}
                  onChange={setText}
                  onPasteImages={pasted.start}
                  placeholder={DISCUSSION_TEXTS.composerPrompt}
                  maxLength={DISCUSSION_LIMITS.contentMax}
                  aria-describedby="post-editor-hint"
                />
                <MentionAutocomplete textarea={textarea} value={text} onChange={setText} group={group.id} />
              </div>
              <p id="post-editor-hint" className="text-xs text-fg-subtle">
                {DISCUSSION_TEXTS.boldHint}
              </p>
              <TextImageTiles text={text} previews={pasted.previews} onRemove={pasted.remove} />
              {images.uploads.length > 0 ? (
                <UploadTiles uploads={images.uploads} onRemove={images.remove} onDescribe={images.setAlt} />
              ) : null}
              {notice ? (
                <p role="alert" className="text-sm text-danger-fg">
                  {notice}
                </p>
              ) : null}
            </div>
            <div className="flex items-center justify-between gap-3 border-t border-line px-5 py-3">
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                multiple
                hidden
                data-testid="post-image-input"
                onChange={(event) => {
                  addFiles([...(event.target.files ?? [])]);
                  event.target.value = '';
                }}
              />
              <div className="flex flex-wrap items-center gap-1">
                <Button variant="ghost" onClick={() => fileInput.current?.click()}>
                  <ImagePlus aria-hidden />
                  {DISCUSSION_TEXTS.addImages}
                </Button>
                {text !== '' || images.uploads.length > 0 ? (
                  <Button
                    variant="ghost"
                    onClick={() => {
                      discardText();
                      images.reset();
                      pasted.reset();
                      setNotice(null);
                      textarea.current?.focus();
                    }}
                  >
                    <Trash2 aria-hidden />
                    {DISCUSSION_TEXTS.discardDraft}
                  </Button>
                ) : null}
              </div>
              <Button
                type="submit"
                aria-disabled={blocker !== null}
                title={blocker ?? undefined}
                className="min-w-24 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
              >
                {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {create.isPending ? DISCUSSION_TEXTS.posting : DISCUSSION_TEXTS.post}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Thumbnails of the images written into the text (pasted ones, uploading or stored; issue 12 §2.8), each removable:
 * removing one takes its `[address]` out of the text. A pasted image shows its local picture; one already in the
 * text (a restored draft) its stored one.
 */
function TextImageTiles({
  text,
  previews,
  onRemove,
}: {
  text: string;
  previews: Readonly<Record<string, string>>;
  onRemove: (token: string) => void;
}) {
  const tokens = textImages(text);
  if (tokens.length === 0) return null;
  return (
    <ul aria-label={DISCUSSION_TEXTS.imagesInText} className="grid grid-cols-4 gap-2 sm:grid-cols-6">
      {tokens.map((token, index) => {
        const uploading = token.startsWith('[Uploading');
        const src = previews[token] ?? (uploading ? null : token.slice(1, -1));
        return (
          <li key={`${index}-${token}`} className="relative aspect-square overflow-hidden rounded-lg border border-line bg-surface-muted">
            {src ? <img src={src} alt="" className="size-full object-cover" /> : null}
            {uploading ? (
              <div className="absolute inset-0 flex items-center justify-center bg-overlay/40">
                <Loader2 className="size-5 animate-spin text-white" aria-hidden />
                <span className="sr-only">{DISCUSSION_TEXTS.uploadingImage}</span>
              </div>
            ) : null}
            <button
              type="button"
              aria-label={DISCUSSION_TEXTS.removeTextImage(index + 1)}
              onClick={() => onRemove(token)}
              className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-overlay/70 text-white hover:bg-overlay/90 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Previews of the chosen images, each with its upload progress or error and a remove button. */
export function UploadTiles({
  uploads,
  onRemove,
  onDescribe,
}: {
  uploads: ImageUpload[];
  onRemove: (key: number) => void;
  onDescribe: (key: number, alt: string) => void;
}) {
  return (
    <ul aria-label={DISCUSSION_TEXTS.images} className="grid grid-cols-3 gap-2 sm:grid-cols-5">
      {uploads.map((upload, index) => (
        <li key={upload.key} className="relative aspect-square overflow-hidden rounded-lg border border-line bg-surface-muted">
          <img src={upload.preview} alt={upload.alt} className="size-full object-cover" />
          <AltBadge alt={upload.alt} />
          {upload.error === null ? (
            <Suspense fallback={null}>
              <LazyImageDescription index={index + 1} alt={upload.alt} onSave={(alt) => onDescribe(upload.key, alt)} />
            </Suspense>
          ) : null}
          {upload.url === null && upload.error === null ? (
            <div className="absolute inset-x-1.5 bottom-1.5">
              <div
                role="progressbar"
                aria-label={DISCUSSION_TEXTS.uploading(upload.progress)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={upload.progress}
                className="h-1.5 overflow-hidden rounded-full bg-overlay/40"
              >
                <div className="h-full rounded-full bg-brand-500 transition-[width]" style={{ width: `${upload.progress}%` }} />
              </div>
            </div>
          ) : null}
          {upload.error ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-overlay/70 p-1 text-center text-xs font-medium text-white">
              <AlertCircle className="size-4" aria-hidden />
              <span className="line-clamp-3">{upload.error}</span>
            </div>
          ) : null}
          <button
            type="button"
            aria-label={DISCUSSION_TEXTS.removeImage(index + 1)}
            onClick={() => onRemove(upload.key)}
            className="absolute top-1 right-1 flex size-7 items-center justify-center rounded-full bg-overlay/70 text-white hover:bg-overlay/90 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white"
          >
            <X className="size-4" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
