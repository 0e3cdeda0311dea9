import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useSession } from './session';
import { readDraft, removeDraft, writeDraft } from './storage';

/**
 * A text kept as a draft on this device (issue 12 §2.3): `name` says whose draft it is ("post:12" for a community's
 * composer, "comment:40" for a post's comment input); a different name loads that draft. The value is written on
 * every change and removed when it equals `initial` (nothing to keep); `discard` removes it and goes back to
 * `initial`. Visitors (no session) get plain state.
 */
export function useDraft<T>(name: string, initial: T, isEmpty: (value: T) => boolean = (v) => v === initial) {
  const userId = useSession()?.userId ?? null;
  const load = useCallback((): T => (userId === null ? initial : (readDraft<T>(userId, name) ?? initial)), [userId, name, initial]);
  const [state, setState] = useState(() => ({ key: `${userId}:${name}`, value: load(), touched: false }));
  const key = `${userId}:${name}`;
  // Another draft asked for: load it during render, so no frame shows the previous one.
  const current = state.key === key ? state : { key, value: load(), touched: false };
  if (current !== state) setState(current);

  useEffect(() => {
    if (userId === null || !current.touched) return;
    if (isEmpty(current.value)) removeDraft(userId, name);
    else writeDraft(userId, name, current.value);
    // isEmpty is a rule, not a state: a new function each render must not rewrite the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, name, current.value, current.touched]);

  const setValue: Dispatch<SetStateAction<T>> = useCallback(
    (next) =>
      setState((s) => ({ ...s, touched: true, value: typeof next === 'function' ? (next as (prev: T) => T)(s.value) : next })),
    [],
  );
  const discard = useCallback(() => {
    if (userId !== null) removeDraft(userId, name);
    setState({ key, value: initial, touched: false });
  }, [userId, name, key, initial]);

  return [current.value, setValue, discard] as const;
}
