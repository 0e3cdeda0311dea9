import { useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { POSTING_LIMITS, type PostingRules } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { intlLocale, localizeMessage } from '@/lib/i18n';
import { toastSuccess } from '@/lib/toast';
import { usePostingRules, useUpdatePostingRules } from './api';
import { POSTING_RULES_TEXTS as TEXTS } from './texts';

const selectClass =
  'block h-10 w-full min-w-0 rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg shadow-sm ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30';

/** 5 → "5 minutes", 60 → "1 hour", 1440 → "1 day", in the shown language (Intl's unit names). */
export function durationLabel(minutes: number): string {
  const [value, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(intlLocale(), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The words list as the textarea shows it (one per line), and back. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** What is wrong with the typed list before sending it (the server checks the same), or null. */
export function blockedWordsProblem(text: string): string | null {
  const lines = linesOf(text);
  if (lines.length > POSTING_LIMITS.blockedWordsMax) return TEXTS.tooManyLines(POSTING_LIMITS.blockedWordsMax);
  if (lines.some((line) => line.length > POSTING_LIMITS.blockedWordMax)) return TEXTS.lineTooLong(POSTING_LIMITS.blockedWordMax);
  return null;
}

/**
 * The "Posting rules" dialog of the community settings (issue 15 §7), for the owner and admins: slow mode, the
 * minimum account age to post, and the blocked words (one per line). The server cleans the list and its answer
 * replaces the form.
 */
export function PostingRulesDialog({
  groupId,
  open,
  onOpenChange,
}: {
  groupId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const rules = usePostingRules(groupId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={TEXTS.postingRules} description={TEXTS.description}>
        {rules.data ? (
          <PostingRulesForm key={JSON.stringify(rules.data)} groupId={groupId} rules={rules.data} onDone={() => onOpenChange(false)} />
        ) : rules.isError ? (
          <p role="alert" className="text-sm text-danger-fg">
            {rules.error instanceof ApiError && rules.error.message ? localizeMessage(rules.error.message) : TEXTS.loadFailed}
          </p>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {TEXTS.loading}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function PostingRulesForm({ groupId, rules, onDone }: { groupId: number; rules: PostingRules; onDone: () => void }) {
  const [slowMode, setSlowMode] = useState(rules.slowModeMinutes);
  const [minAge, setMinAge] = useState(rules.minAccountAgeHours);
  const [words, setWords] = useState(rules.blockedWords.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useUpdatePostingRules();
  const serverProblem = save.error instanceof ApiError ? (save.error.fields.blockedWords ?? null) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = blockedWordsProblem(words);
    setProblem(found);
    if (found || save.isPending) return;
    save.mutate(
      { groupId, rules: { slowModeMinutes: slowMode, minAccountAgeHours: minAge, blockedWords: linesOf(words) } },
      {
        onSuccess: (data) => {
          void toastSuccess(data.message);
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field label={TEXTS.slowMode} hint={TEXTS.slowModeHint}>
        <select value={slowMode} onChange={(e) => setSlowMode(Number(e.target.value))} className={selectClass}>
          {POSTING_LIMITS.slowModeMinutes.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes === 0 ? TEXTS.slowModeOff : TEXTS.every(durationLabel(minutes))}
            </option>
          ))}
        </select>
      </Field>
      <Field label={TEXTS.minAccountAge} hint={TEXTS.minAccountAgeHint}>
        <select value={minAge} onChange={(e) => setMinAge(Number(e.target.value))} className={selectClass}>
          {POSTING_LIMITS.minAccountAgeHours.map((hours) => (
            <option key={hours} value={hours}>
              {hours === 0 ? TEXTS.noMinimum : TEXTS.atLeast(durationLabel(hours * 60))}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label={TEXTS.blockedWords}
        hint={TEXTS.blockedWordsHint(POSTING_LIMITS.blockedWordsMax)}
        error={problem ?? serverProblem}
        announce
      >
        <Textarea
          value={words}
          onChange={(e) => {
            setWords(e.target.value);
            setProblem(null);
          }}
          rows={6}
          spellCheck={false}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          {TEXTS.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {save.isPending ? TEXTS.saving : TEXTS.save}
        </Button>
      </div>
    </form>
  );
}
