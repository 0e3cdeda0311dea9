import { useEffect, useRef, type Ref } from 'react';
import { Check, X } from 'lucide-react';
import { calendarDate, LIMITS, validateBirthday, BIRTHDAY_MESSAGES, type Profile } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { focusFirstInvalid } from '@/lib/forms';
import { isoDateOf } from '@/lib/time';
import { PROFILE_TEXTS } from './texts';

export interface ProfileDraft {
  bio: string;
  about: string;
  birthday: string;
  userLink: string;
  /** The date input holds something the browser cannot read as a date (its value is then ''). */
  birthdayUnreadable: boolean;
}

export type DraftErrors = Partial<Record<'bio' | 'about' | 'birthday' | 'userLink', string>>;
const FIELD_ORDER = ['bio', 'about', 'birthday', 'userLink'] as const;

export function draftOf(profile: Profile): ProfileDraft {
  return {
    bio: profile.bio,
    about: profile.about,
    birthday: profile.birthday ?? '',
    userLink: profile.userLink,
    birthdayUnreadable: false,
  };
}

/** SPEC §5 Birthday, judged on the browser's local calendar date; the contract holds the rule and its texts. */
export function birthdayError(draft: ProfileDraft, now: Date = new Date()): string | null {
  if (draft.birthdayUnreadable) return BIRTHDAY_MESSAGES.invalid;
  return validateBirthday(draft.birthday, calendarDate(now));
}

interface ProfileEditFormProps {
  draft: ProfileDraft;
  onChange: (draft: ProfileDraft) => void;
  errors: DraftErrors;
  /** Saving: every control waits. */
  disabled: boolean;
  /** Saving is blocked while the birthday is invalid (SPEC §4 Profile). */
  blocked: boolean;
  /** The Bio input, focused when edit mode starts. */
  firstFieldRef?: Ref<HTMLInputElement>;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The owner's edit form; Cancel and Save come after the fields, in reading and tab order. */
export function ProfileEditForm({ draft, onChange, errors, disabled, blocked, firstFieldRef, onSubmit, onCancel }: ProfileEditFormProps) {
  const form = useRef<HTMLFormElement>(null);
  // The server refused some fields: focus the first of them once the form is enabled again.
  useEffect(() => {
    if (!disabled) focusFirstInvalid(form.current, FIELD_ORDER, new Set(Object.keys(errors)));
  }, [errors, disabled]);

  const today = calendarDate(new Date());
  const latest = isoDateOf({ ...today, y: today.y - LIMITS.minAgeYears });
  const left = LIMITS.bioMax - draft.bio.length;
  const birthday = birthdayError(draft) ?? errors.birthday;

  return (
    <form
      ref={form}
      aria-label={PROFILE_TEXTS.editProfile}
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field
        label={PROFILE_TEXTS.bio}
        error={errors.bio}
        aside={
          <span className={left <= 5 ? 'text-xs font-medium text-warning-fg' : 'text-xs text-fg-subtle'} aria-live="polite">
            {PROFILE_TEXTS.charactersLeft(left)}
          </span>
        }
      >
        <Input
          ref={firstFieldRef}
          name="bio"
          value={draft.bio}
          maxLength={LIMITS.bioMax}
          placeholder={PROFILE_TEXTS.bioPlaceholder}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, bio: e.target.value.slice(0, LIMITS.bioMax) })}
        />
      </Field>
      <Field label={PROFILE_TEXTS.aboutMe} error={errors.about}>
        <Textarea
          name="about"
          rows={4}
          value={draft.about}
          maxLength={LIMITS.aboutMax}
          placeholder={PROFILE_TEXTS.aboutPlaceholder}
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, about: e.target.value })}
        />
      </Field>
      {/* Checked while typing, so its error is announced the moment it appears. */}
      <Field label={PROFILE_TEXTS.birthday} error={birthday} announce>
        <Input
          name="birthday"
          type="date"
          value={draft.birthday}
          min={LIMITS.earliestBirthDate}
          max={latest}
          disabled={disabled}
          className="sm:max-w-56"
          onChange={(e) => onChange({ ...draft, birthday: e.target.value, birthdayUnreadable: e.target.validity?.badInput ?? false })}
        />
      </Field>
      <Field label={PROFILE_TEXTS.socialLinks} hint={PROFILE_TEXTS.linksHint} error={errors.userLink}>
        <Textarea
          name="userLink"
          rows={4}
          value={draft.userLink}
          maxLength={LIMITS.userLinkMax}
          placeholder={'instagram.com/you\nhttps://your-site.com [Portfolio]'}
          disabled={disabled}
          spellCheck={false}
          onChange={(e) => onChange({ ...draft, userLink: e.target.value })}
        />
      </Field>
      <div className="flex justify-end gap-2 border-t border-line pt-5">
        <Button variant="outline" aria-label={PROFILE_TEXTS.cancelEditing} onClick={onCancel} disabled={disabled}>
          <X aria-hidden />
          {PROFILE_TEXTS.cancel}
        </Button>
        {/* Enter in a single-line input submits too. */}
        <Button type="submit" aria-label={PROFILE_TEXTS.saveProfile} disabled={blocked || disabled}>
          <Check aria-hidden />
          {disabled ? PROFILE_TEXTS.saving : PROFILE_TEXTS.save}
        </Button>
      </div>
    </form>
  );
}
