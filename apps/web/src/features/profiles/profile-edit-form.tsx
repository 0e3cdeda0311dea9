import { calendarDate, LIMITS, validateBirthday, BIRTHDAY_MESSAGES, type Profile } from '@agora/contract';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { isoDateOf } from '@/lib/time';

export interface ProfileDraft {
  bio: string;
  about: string;
  birthday: string;
  userLink: string;
  /** The date input holds something the browser cannot read as a date (its value is then ''). */
  birthdayUnreadable: boolean;
}

export type DraftErrors = Partial<Record<'bio' | 'about' | 'birthday' | 'userLink', string>>;

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
  disabled: boolean;
  onSubmit: () => void;
}

export function ProfileEditForm({ draft, onChange, errors, disabled, onSubmit }: ProfileEditFormProps) {
  const today = calendarDate(new Date());
  const latest = isoDateOf({ ...today, y: today.y - LIMITS.minAgeYears });
  const left = LIMITS.bioMax - draft.bio.length;
  const birthday = birthdayError(draft) ?? errors.birthday;

  return (
    <form
      aria-label="Edit profile"
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field
        label="Bio"
        error={errors.bio}
        aside={
          <span className={left <= 5 ? 'text-xs font-medium text-warning-fg' : 'text-xs text-fg-subtle'} aria-live="polite">
            {left} {left === 1 ? 'character' : 'characters'} left
          </span>
        }
      >
        <Input
          name="bio"
          value={draft.bio}
          maxLength={LIMITS.bioMax}
          placeholder="A few words about you"
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, bio: e.target.value.slice(0, LIMITS.bioMax) })}
        />
      </Field>
      <Field label="About Me" error={errors.about}>
        <Textarea
          name="about"
          rows={4}
          value={draft.about}
          maxLength={LIMITS.aboutMax}
          placeholder="Tell people what you are into"
          disabled={disabled}
          onChange={(e) => onChange({ ...draft, about: e.target.value })}
        />
      </Field>
      <Field label="Birthday" error={birthday}>
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
      <Field label="Social Links" hint="One link per line. Add a label like: github.com/you [My code]" error={errors.userLink}>
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
      {/* Enter in a single-line input submits, like the save icon. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden />
    </form>
  );
}
