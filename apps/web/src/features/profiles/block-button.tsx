import { useRef, useState } from 'react';
import { Ban } from 'lucide-react';
import type { Profile } from '@agora/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useBlockPerson, useUnblockPerson } from '@/features/account/api';
import { BLOCK_TEXTS } from '@/features/account/public';

/**
 * Block or Unblock on another person's profile (issue 15 §6). Blocking asks first and says what it does; unblocking
 * does not (nothing is lost by it). Shown only when the profile's `abilities.block` allows it.
 */
export function BlockButton({ profile }: { profile: Pick<Profile, 'id' | 'username' | 'blocked'> }) {
  const block = useBlockPerson();
  const unblock = useUnblockPerson();
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const busy = block.isPending || unblock.isPending;

  if (profile.blocked) {
    return (
      <Button variant="outline" size="sm" aria-disabled={busy || undefined} onClick={() => (busy ? undefined : unblock.mutate(profile.id))}>
        <Ban aria-hidden />
        {BLOCK_TEXTS.unblock}
      </Button>
    );
  }
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        size="sm"
        aria-disabled={busy || undefined}
        onClick={() => (busy ? undefined : setConfirming(true))}
        className="hover:border-danger-fg/40 hover:bg-danger-soft hover:text-danger-fg"
      >
        <Ban aria-hidden />
        {BLOCK_TEXTS.block}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={BLOCK_TEXTS.confirmTitle(profile.username)}
        description={BLOCK_TEXTS.confirmHint}
        confirmLabel={BLOCK_TEXTS.confirmAction}
        cancelLabel={BLOCK_TEXTS.cancel}
        destructive
        returnFocusTo={button}
        onConfirm={() => {
          setConfirming(false);
          block.mutate(profile.id);
        }}
      />
    </>
  );
}
