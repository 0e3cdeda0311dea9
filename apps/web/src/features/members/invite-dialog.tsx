import { focusOnMount } from '@/lib/forms';
import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { lookupUser, useInviteUser } from './api';
import { GROUP_TEXTS } from '@/features/groups/public';

/**
 * Invite by username (staff): the exact username (any case) is looked up with GET /users/lookup, then invited
 * with POST /api/groups/{id}/invite. The invitee answers on the community page (and later in notifications).
 */
export function InviteButton({ groupId }: { groupId: number }) {
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const invite = useInviteUser(groupId);
  const busy = looking || invite.isPending;

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setUsername('');
      setError(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (busy) return;
    if (!name) {
      setError(GROUP_TEXTS.enterUsername);
      return;
    }
    setError(null);
    setLooking(true);
    let userId: number;
    try {
      const user = await lookupUser(name);
      userId = user.id;
    } catch (cause) {
      setError(cause instanceof ApiError && cause.status === 404 ? GROUP_TEXTS.noUserNamed(name) : GROUP_TEXTS.lookupFailed);
      return;
    } finally {
      setLooking(false);
    }
    invite.mutate({ userId }, { onSuccess: () => reset(false) });
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <UserPlus aria-hidden />
          {GROUP_TEXTS.invite}
        </Button>
      </DialogTrigger>
      <DialogContent title={GROUP_TEXTS.inviteTitle} description={GROUP_TEXTS.inviteDescription}>
        <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <Field label={GROUP_TEXTS.username} error={error}>
            <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" maxLength={30} ref={focusOnMount} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => reset(false)}>
              {GROUP_TEXTS.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? GROUP_TEXTS.sending : GROUP_TEXTS.sendInvite}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
