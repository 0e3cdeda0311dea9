import { useId, useState } from 'react';
import { Picture } from '@/components/ui/picture';
import { cn } from '@/lib/cn';
import { useOwnProfile } from '@/features/profiles/api';
import { useJoinedGroups } from '@/features/groups/api';
import { DiscussionEditorDialog, type PostTarget } from './discussion-editor';
import { DISCUSSION_TEXTS } from './texts';

function ComposerButton({ onOpen, className }: { onOpen: () => void; className?: string }) {
  const profile = useOwnProfile();
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Picture src={profile.data?.profileImage} size="md" />
      <button
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        className={cn(
          'h-11 min-w-0 flex-1 truncate rounded-full border border-line-strong bg-surface-muted px-4 text-left text-[15px] text-fg-muted transition-colors',
          'hover:bg-surface-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        {DISCUSSION_TEXTS.composerPrompt}
      </button>
    </div>
  );
}

/** A member's composer in the Discussion tab (SPEC §2 "Anything on your mind?"): opens the create-a-post modal. */
export function Composer({ group }: { group: PostTarget }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-label={DISCUSSION_TEXTS.createTitle} className="rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <ComposerButton onOpen={() => setOpen(true)} />
      <DiscussionEditorDialog open={open} onOpenChange={setOpen} group={group} />
    </section>
  );
}

/**
 * The home page's box to post to a community (SPEC §2 route "/"): choose one of your communities (owned ones
 * included), then the composer. Hidden while the list loads or when there is none to post to.
 */
export function GroupDiscussionComposer() {
  const joined = useJoinedGroups();
  const groups = joined.data?.groups ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const selectId = useId();
  if (groups.length === 0) return null;
  const group = groups.find((g) => g.id === chosen) ?? groups[0]!;
  return (
    <section aria-labelledby={`${selectId}-title`} className="space-y-3 rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={`${selectId}-title`} className="text-base font-semibold text-fg">
          {DISCUSSION_TEXTS.homeBoxTitle}
        </h2>
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-fg-muted">
            {DISCUSSION_TEXTS.chooseCommunity}
          </label>
          <select
            id={selectId}
            value={group.id}
            onChange={(event) => setChosen(Number(event.target.value))}
            className="h-9 max-w-[14rem] min-w-0 truncate rounded-lg border border-line-strong bg-surface px-2 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.group_name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ComposerButton onOpen={() => setOpen(true)} />
      <DiscussionEditorDialog open={open} onOpenChange={setOpen} group={{ id: group.id, name: group.group_name }} />
    </section>
  );
}
