import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ImagePlus, Trash2 } from 'lucide-react';
import { cleanGroupName, GROUP_LIMITS, groupWebPath } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { useCreateGroup } from './api';
import { GROUP_TEXTS } from './texts';
import { toastError, toastSuccess } from '@/lib/toast';

type FieldName = 'group_name' | 'aboutText' | 'rulesText' | 'socialMediaText' | 'group_banner' | 'group_dp';

/** What the form checks before sending (SPEC §5); the server checks all of it again. */
export function validateCreate(input: { name: string; banner: File | null; picture: File | null }): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  const name = cleanGroupName(input.name);
  if (!name) errors.group_name = GROUP_TEXTS.nameInvalid;
  else if (name.length > GROUP_LIMITS.nameMax) errors.group_name = GROUP_TEXTS.nameTooLong;
  if (input.banner && !input.banner.type.startsWith('image/')) errors.group_banner = GROUP_TEXTS.notAnImage;
  else if (input.banner && input.banner.size > GROUP_LIMITS.bannerBytes) errors.group_banner = GROUP_TEXTS.bannerTooLarge;
  if (input.picture && !input.picture.type.startsWith('image/')) errors.group_dp = GROUP_TEXTS.notAnImage;
  else if (input.picture && input.picture.size > GROUP_LIMITS.pictureBytes) errors.group_dp = GROUP_TEXTS.pictureTooLarge;
  return errors;
}

/** An object URL for a chosen file, revoked when the file changes or the page closes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** `/create` (SPEC §2, §5): name, the three sections, banner and picture with previews. */
export function CreateGroupPage() {
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [about, setAbout] = useState('');
  const [rules, setRules] = useState('');
  const [social, setSocial] = useState('');
  const [banner, setBanner] = useState<File | null>(null);
  const [picture, setPicture] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const bannerPreview = usePreview(banner);
  const picturePreview = usePreview(picture);
  const nameInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!session) {
      void toastError(GROUP_TEXTS.loginToCreate);
      return;
    }
    const found = validateCreate({ name, banner, picture });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (found.group_name) nameInput.current?.focus();
      return;
    }
    create.mutate(
      {
        group_name: cleanGroupName(name),
        aboutText: about,
        rulesText: rules,
        socialMediaText: social,
        group_banner: banner,
        group_dp: picture,
      },
      {
        onSuccess: (data) => {
          void toastSuccess(data.message || GROUP_TEXTS.created);
          void navigate(groupWebPath(data.slug));
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields as Partial<Record<FieldName, string>>);
        },
      },
    );
  };

  const chooseFile = (field: 'group_banner' | 'group_dp', file: File | null) => {
    (field === 'group_banner' ? setBanner : setPicture)(file);
    setErrors((current) => ({
      ...current,
      [field]: validateCreate({ name: 'x', banner: field === 'group_banner' ? file : null, picture: field === 'group_dp' ? file : null })[
        field
      ],
    }));
  };

  return (
    <div className="mx-auto max-w-2xl">
      <title>{`${GROUP_TEXTS.createTitle} · Agora`}</title>
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{GROUP_TEXTS.createTitle}</h1>
      <p className="mt-1 text-sm text-fg-muted">{GROUP_TEXTS.createIntro}</p>

      <form onSubmit={submit} noValidate className="mt-6 space-y-6">
        <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
          <ImageChooser
            label={GROUP_TEXTS.bannerLabel}
            hint={GROUP_TEXTS.bannerHint}
            preview={bannerPreview}
            error={errors.group_banner}
            onFile={(file) => chooseFile('group_banner', file)}
            className="aspect-[3/1] w-full"
          />
          <div className="flex flex-col gap-4 px-4 pb-5 sm:flex-row sm:items-end sm:px-6">
            <ImageChooser
              label={GROUP_TEXTS.pictureLabel}
              hint={GROUP_TEXTS.pictureHint}
              preview={picturePreview}
              error={errors.group_dp}
              onFile={(file) => chooseFile('group_dp', file)}
              round
              className="-mt-10 size-24 shrink-0 sm:-mt-12 sm:size-28"
            />
            <Field
              label={GROUP_TEXTS.nameLabel}
              error={errors.group_name}
              aside={
                <span className="text-xs text-fg-muted tabular-nums">
                  {name.length}/{GROUP_LIMITS.nameMax}
                </span>
              }
              className="flex-1"
            >
              <Input
                ref={nameInput}
                value={name}
                maxLength={GROUP_LIMITS.nameMax}
                onChange={(event) => {
                  setName(event.target.value);
                  if (errors.group_name) setErrors((current) => ({ ...current, group_name: undefined }));
                }}
                placeholder={GROUP_TEXTS.namePlaceholder}
                autoComplete="off"
              />
            </Field>
          </div>
        </div>

        <div className="space-y-5 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-6">
          <Field label={GROUP_TEXTS.aboutLabel} hint={GROUP_TEXTS.aboutHint} error={errors.aboutText}>
            <Textarea rows={5} value={about} maxLength={GROUP_LIMITS.sectionMax} onChange={(e) => setAbout(e.target.value)} />
          </Field>
          <Field label={GROUP_TEXTS.rulesLabel} hint={GROUP_TEXTS.rulesHint} error={errors.rulesText}>
            <Textarea rows={4} value={rules} maxLength={GROUP_LIMITS.sectionMax} onChange={(e) => setRules(e.target.value)} />
          </Field>
          <Field label={GROUP_TEXTS.socialLabel} hint={GROUP_TEXTS.socialHint} error={errors.socialMediaText}>
            <Textarea
              rows={4}
              value={social}
              maxLength={GROUP_LIMITS.sectionMax}
              onChange={(e) => setSocial(e.target.value)}
              placeholder={'https://discord.gg/yourserver [Discord]\ninstagram.com/yourcommunity'}
            />
          </Field>
        </div>

        <div className="flex justify-end gap-3">
          <Button variant="outline" size="lg" onClick={() => void navigate(-1)} disabled={create.isPending}>
            {GROUP_TEXTS.cancel}
          </Button>
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? GROUP_TEXTS.creating : GROUP_TEXTS.createTitle}
          </Button>
        </div>
      </form>
    </div>
  );
}

function ImageChooser({
  label,
  hint,
  preview,
  error,
  onFile,
  round,
  className,
}: {
  label: string;
  hint: string;
  preview: string | null;
  error?: string;
  onFile: (file: File | null) => void;
  round?: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const errorId = `${label.toLowerCase()}-error`;
  let body: ReactNode;
  if (preview) body = <img src={preview} alt={GROUP_TEXTS.imagePreview(label)} className="size-full object-cover" />;
  else
    body = (
      <span className="flex size-full flex-col items-center justify-center gap-1 text-fg-muted">
        <ImagePlus className="size-6" aria-hidden />
        <span className={cn('text-xs font-medium', round && 'sr-only')}>{hint}</span>
      </span>
    );
  return (
    <div className={cn('relative', className)}>
      <button
        type="button"
        onClick={() => input.current?.click()}
        // The hint shown on the empty tile is part of the name (WCAG 2.5.3 label in name).
        aria-label={preview || round ? GROUP_TEXTS.chooseImage(label) : GROUP_TEXTS.chooseImageHint(label, hint)}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          'block size-full overflow-hidden bg-surface-strong transition hover:brightness-95',
          'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          round ? 'rounded-full border-4 border-surface shadow-md' : '',
          error && 'ring-2 ring-danger-fg ring-inset',
        )}
      >
        {body}
      </button>
      {preview ? (
        <Button
          variant="secondary"
          size="icon-sm"
          aria-label={GROUP_TEXTS.removeImage(label)}
          onClick={() => onFile(null)}
          className={cn('absolute shadow', round ? 'right-0 bottom-0' : 'top-3 right-3')}
        >
          <Trash2 aria-hidden />
        </Button>
      ) : null}
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          onFile(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={cn(
            'text-sm text-danger-fg',
            round ? 'mt-2 w-48' : 'absolute inset-x-0 bottom-2 mx-3 rounded-lg bg-surface px-3 py-1.5 shadow',
          )}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
