import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import { flushSync } from 'react-dom';
import { Bold, Heading, ImagePlus, Trash2, Upload } from 'lucide-react';
import { BLOG_LIMITS, BLOG_MESSAGES, cleanPastedText, type Blog } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { MentionAutocomplete } from '@/features/mentions/lazy';
import { toastError, toastSuccess } from '@/lib/toast';
import { useDraft } from '@/lib/use-draft';
import { useCreateBlog, useUpdateBlog, useUploadBlogImage } from './api';
import { BLOG_TEXTS } from './texts';
import { heading, insertBlock, wrapSelection } from './editor-tools';

interface BlogEditorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  groupId: number;
  /** Edit this blog; absent: write a new one. */
  blog?: Blog;
  /** After a successful save (the dialog has closed). */
  onSaved?: (blog: Blog) => void;
}

/**
 * SPEC §2 Blog editor modal, create or edit: title, optional header image with preview, content with Bold, Heading
 * and Add Image tools; "Publish Blog Post" / "Update Blog Post" ("Publishing..." / "Updating..."), disabled while
 * the title or content is blank or an image is uploading. It closes on success; a failure shows the §8 alert from
 * the mutation. Title and content are a draft on this device (per community for a new post, per blog post being
 * edited; issue 12 §2.3) until published or discarded: closing with changes asks (keep editing, keep the draft or
 * discard it), and leaving the page with changes gets the browser's warning.
 */
export function BlogEditor({ open, onOpenChange, groupId, blog, onSaved }: BlogEditorProps) {
  // The form decides whether closing needs a question (it knows whether anything changed).
  const closeRequestRef = useRef<(() => void) | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || !closeRequestRef.current) onOpenChange(next);
        else closeRequestRef.current();
      }}
    >
      <DialogContent title={blog ? BLOG_TEXTS.editTitle : BLOG_TEXTS.createTitle} className="max-w-2xl">
        <EditorForm
          groupId={groupId}
          blog={blog}
          closeRequestRef={closeRequestRef}
          onDone={(saved) => {
            onOpenChange(false);
            void toastSuccess(blog ? BLOG_MESSAGES.updated : BLOG_MESSAGES.created);
            onSaved?.(saved);
          }}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

interface BlogDraft {
  title: string;
  content: string;
}

function EditorForm({
  groupId,
  blog,
  closeRequestRef,
  onDone,
  onCancel,
}: {
  groupId: number;
  blog?: Blog;
  closeRequestRef: RefObject<(() => void) | null>;
  onDone: (blog: Blog) => void;
  onCancel: () => void;
}) {
  const create = useCreateBlog(groupId);
  const update = useUpdateBlog(groupId);
  const uploadImage = useUploadBlogImage();
  const saved = useMemo<BlogDraft>(
    () => ({ title: blog?.blog_title ?? '', content: blog?.blog_content ?? '' }),
    [blog?.blog_title, blog?.blog_content],
  );
  const [draft, setDraft, discardDraft] = useDraft<BlogDraft>(
    blog ? `blog-edit:${blog.id}` : `blog:${groupId}`,
    saved,
    (d) => d.title === saved.title && d.content === saved.content,
  );
  const { title, content } = draft;
  const setTitle = (next: string) => setDraft((d) => ({ ...d, title: next }));
  const setContent = (next: SetStateAction<string>) =>
    setDraft((d) => ({ ...d, content: typeof next === 'function' ? next(d.content) : next }));
  const [confirmClose, setConfirmClose] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [uploads, setUploads] = useState<number[]>([]);
  const preview = useObjectUrl(image);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const headerInput = useRef<HTMLInputElement>(null);
  const contentImageInput = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const saving = create.isPending || update.isPending;
  const uploading = uploads.length > 0;
  const blank = title.trim() === '' || content.trim() === '';
  const shownImage = preview ?? (removeImage ? null : (blog?.blog_img ?? null));
  const dirty = title !== saved.title || content !== saved.content || image !== null || removeImage;

  useEffect(() => {
    closeRequestRef.current = () => (dirty ? setConfirmClose(true) : onCancel());
    return () => {
      closeRequestRef.current = null;
    };
  }, [dirty, onCancel, closeRequestRef]);

  // Leaving the page (reload, closing the tab) with changes: the browser asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /**
   * Replaces the content and puts the caret or selection back where the tool left it, at once: a key pressed right
   * after Ctrl+B (End, typing) must act on the new selection, not be undone by a later frame.
   */
  const apply = (result: { text: string; selectionStart: number; selectionEnd: number }) => {
    flushSync(() => setContent(result.text));
    const node = textarea.current;
    if (!node) return;
    node.focus();
    node.setSelectionRange(result.selectionStart, result.selectionEnd);
  };
  const selection = () => {
    const node = textarea.current;
    return { start: node?.selectionStart ?? content.length, end: node?.selectionEnd ?? content.length };
  };
  const wrap = (marker: string, placeholder: string) => {
    const { start, end } = selection();
    apply(wrapSelection(content, start, end, marker, placeholder));
  };

  /** Uploads one content image and inserts "[url]" where the caret was when it started. */
  const addImage = async (file: File) => {
    if (!file.type.startsWith('image/')) {
      void toastError(BLOG_TEXTS.notAnImage);
      return;
    }
    const at = selection().start;
    const id = Date.now() + Math.random();
    setUploads((u) => [...u, id]);
    try {
      const { url } = await uploadImage.mutateAsync({ file });
      setContent((current) => insertBlock(current, Math.min(at, current.length), `[${url}]`).text);
    } catch {
      // Reported by the mutation's error path (the MutationCache).
    } finally {
      setUploads((u) => u.filter((x) => x !== id));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'b') {
      event.preventDefault();
      wrap('**', BLOG_TEXTS.boldPlaceholder);
    }
  };

  /** SPEC §5: a pasted image is uploaded and inserted; pasted text is cleaned. */
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...event.clipboardData.files].filter((f) => f.type.startsWith('image/'));
    if (files.length > 0) {
      event.preventDefault();
      for (const file of files) void addImage(file);
      return;
    }
    const raw = event.clipboardData.getData('text/plain');
    const cleaned = cleanPastedText(raw);
    if (!raw || cleaned === raw) return;
    event.preventDefault();
    const { start, end } = selection();
    apply({
      text: `${content.slice(0, start)}${cleaned}${content.slice(end)}`,
      selectionStart: start + cleaned.length,
      selectionEnd: start + cleaned.length,
    });
  };

  const submit = () => {
    if (blank || uploading || saving) return;
    const input = { title, content, image, removeImage: removeImage && !image };
    const onSuccess = (stored: Blog) => {
      discardDraft();
      onDone(stored);
    };
    if (blog) update.mutate({ blogId: blog.id, ...input }, { onSuccess: (data) => onSuccess(data.blog) });
    else create.mutate(input, { onSuccess: (data) => onSuccess(data.post) });
  };

  const submitTitle = blank ? BLOG_TEXTS.needsText : uploading ? BLOG_TEXTS.waitForUpload : undefined;
  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field label={BLOG_TEXTS.titleLabel}>
        <Input
          name="title"
          value={title}
          maxLength={BLOG_LIMITS.titleMax}
          placeholder={BLOG_TEXTS.titlePlaceholder}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>

      <div className="space-y-2">
        <p className="text-sm font-medium text-fg">{BLOG_TEXTS.headerImageLabel}</p>
        {shownImage ? (
          <img
            src={shownImage}
            alt={BLOG_TEXTS.headerPreview}
            className="aspect-[2/1] max-h-48 w-full rounded-xl border border-line bg-surface-muted object-cover"
          />
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => headerInput.current?.click()}>
            <Upload aria-hidden />
            {shownImage ? BLOG_TEXTS.changeHeaderImage : BLOG_TEXTS.chooseHeaderImage}
          </Button>
          {shownImage ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setImage(null);
                setRemoveImage(Boolean(blog?.blog_img));
              }}
            >
              <Trash2 aria-hidden />
              {BLOG_TEXTS.removeHeaderImage}
            </Button>
          ) : null}
        </div>
        <input
          ref={headerInput}
          type="file"
          accept="image/*"
          tabIndex={-1}
          aria-hidden
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!file.type.startsWith('image/')) {
              void toastError(BLOG_TEXTS.notAnImage);
              return;
            }
            setImage(file);
            setRemoveImage(false);
          }}
        />
      </div>

      <div className="space-y-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <label htmlFor={`${hintId}-content`} className="text-sm font-medium text-fg">
            {BLOG_TEXTS.contentLabel}
          </label>
          <div role="toolbar" aria-label={BLOG_TEXTS.formatting} aria-controls={`${hintId}-content`} className="flex items-center gap-1">
            <Button variant="ghost" size="sm" onClick={() => wrap('**', BLOG_TEXTS.boldPlaceholder)} aria-keyshortcuts="Control+B Meta+B">
              <Bold aria-hidden />
              {BLOG_TEXTS.bold}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                const { start, end } = selection();
                apply(heading(content, start, end));
              }}
            >
              <Heading aria-hidden />
              {BLOG_TEXTS.heading}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => contentImageInput.current?.click()}>
              <ImagePlus aria-hidden />
              {BLOG_TEXTS.addImage}
            </Button>
          </div>
        </div>
        <div className="relative">
          <Textarea
            ref={textarea}
            id={`${hintId}-content`}
            name="content"
            rows={14}
            value={content}
            maxLength={BLOG_LIMITS.contentMax}
            placeholder={BLOG_TEXTS.contentPlaceholder}
            aria-describedby={hintId}
            onChange={(event) => setContent(event.target.value)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
          />
          <MentionAutocomplete textarea={textarea} value={content} onChange={setContent} group={groupId} />
        </div>
        <p id={hintId} className="text-xs text-fg-subtle">
          {BLOG_TEXTS.contentHint}
        </p>
        {uploading ? (
          <p role="status" className="text-sm text-fg-muted">
            {BLOG_TEXTS.uploadingImage}
          </p>
        ) : null}
        <input
          ref={contentImageInput}
          type="file"
          accept="image/*"
          tabIndex={-1}
          aria-hidden
          className="hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void addImage(file);
          }}
        />
      </div>

      {/* Stuck to the bottom of the scrolling dialog: a long post never pushes Publish below the fold. */}
      <div className="sticky bottom-0 z-10 -mx-5 -mb-5 flex flex-wrap justify-end gap-2 border-t border-line bg-surface px-5 pt-4 pb-5">
        <Button variant="outline" onClick={() => closeRequestRef.current?.()}>
          {BLOG_TEXTS.cancel}
        </Button>
        <Button type="submit" disabled={blank || uploading || saving} title={submitTitle}>
          {saving ? (blog ? BLOG_TEXTS.updating : BLOG_TEXTS.publishing) : blog ? BLOG_TEXTS.update : BLOG_TEXTS.publish}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={BLOG_TEXTS.closeTitle}
        description={BLOG_TEXTS.closeDescription}
        cancelLabel={BLOG_TEXTS.keepEditing}
        secondaryLabel={BLOG_TEXTS.keepDraft}
        onSecondary={() => {
          setConfirmClose(false);
          onCancel();
        }}
        confirmLabel={BLOG_TEXTS.discard}
        destructive
        onConfirm={() => {
          discardDraft();
          setConfirmClose(false);
          onCancel();
        }}
      />
    </form>
  );
}

/** An object URL for a picked file, revoked when the file changes or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
