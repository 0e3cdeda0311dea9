import { useRef, useState, type ReactNode, type Ref } from 'react';
import { Sparkles, UserMinus, Users, UsersRound } from 'lucide-react';
import type { Friend } from '@agora/contract';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Tooltip } from '@/components/ui/tooltip';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFriendActions, useFriends, useMutualFriends, useSuggestions } from './api';
import { FriendActions } from './friend-actions';
import { PersonRow, PersonRowSkeletons } from './person-row';
import { FRIEND_TEXTS } from './texts';

/**
 * The profile panel's Friends tab (SPEC §2): one's own "My Friends (n)" (each removable after "Are you sure you
 * want to remove this friend?") and "Suggestions" searched by username prefix as one types (300 ms); another
 * user's "All Friends (n)" and "Mutual Friends".
 */
export function ProfileFriends({ userId, own }: { userId: number; own: boolean }) {
  return own ? <OwnFriends userId={userId} /> : <TheirFriends userId={userId} />;
}

function Section({
  title,
  icon: Icon,
  headingRef,
  children,
}: {
  title: string;
  icon: typeof Users;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section className="space-y-2.5">
      <h3
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="flex items-center gap-2 rounded-md text-xs font-semibold tracking-wider text-fg-muted uppercase focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Icon className="size-4 text-accent-fg" aria-hidden />
        {title}
      </h3>
      {children}
    </section>
  );
}

function Muted({ children }: { children: ReactNode }) {
  return <p className="px-1 text-sm text-fg-subtle italic">{children}</p>;
}

type FriendsQuery = ReturnType<typeof useFriends>;

function FriendList({
  query,
  empty,
  renderActions,
}: {
  query: FriendsQuery | ReturnType<typeof useMutualFriends>;
  empty: ReactNode;
  renderActions?: (friend: Friend) => ReactNode;
}) {
  const friends = query.data?.pages.flatMap((p) => p.friends) ?? [];
  if (query.isPending) return <PersonRowSkeletons count={2} />;
  if (query.isError && !query.data)
    return <LoadError compact message={FRIEND_TEXTS.loadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  if (friends.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="space-y-0.5">
        {friends.map((friend) => (
          <PersonRow
            key={friend.id}
            id={friend.id}
            username={friend.username}
            image={friend.user_dp}
            detail={friend.user_bio || undefined}
            actions={renderActions?.(friend)}
          />
        ))}
      </ul>
      <LoadMore hasMore={Boolean(query.hasNextPage)} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
    </>
  );
}

const totalOf = (query: FriendsQuery | ReturnType<typeof useMutualFriends>) => query.data?.pages[0]?.total ?? null;

function OwnFriends({ userId }: { userId: number }) {
  const friends = useFriends(userId);
  const actions = useFriendActions();
  const [removing, setRemoving] = useState<Friend | null>(null);
  const [open, setOpen] = useState(false);
  // The removed row is gone when the dialog closes: focus goes to the list's heading instead.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="space-y-7">
      <Section title={FRIEND_TEXTS.myFriends(totalOf(friends))} icon={Users} headingRef={heading}>
        <FriendList
          query={friends}
          empty={
            <Muted>
              {FRIEND_TEXTS.noFriends}. {FRIEND_TEXTS.noFriendsOwnHint}
            </Muted>
          }
          renderActions={(friend) => (
            <Tooltip content={FRIEND_TEXTS.removeFriend}>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={FRIEND_TEXTS.removeUser(friend.username)}
                disabled={actions.isBusy(friend.id)}
                onClick={() => {
                  setRemoving(friend);
                  setOpen(true);
                }}
                className="text-fg-muted hover:bg-danger-soft hover:text-danger-fg"
              >
                <UserMinus aria-hidden />
              </Button>
            </Tooltip>
          )}
        />
      </Section>
      <Suggestions />
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={FRIEND_TEXTS.confirmRemove}
        description={removing ? removing.username : undefined}
        confirmLabel={FRIEND_TEXTS.confirmRemoveAction}
        cancelLabel={FRIEND_TEXTS.cancel}
        destructive
        returnFocusTo={heading}
        onConfirm={() => {
          setOpen(false);
          if (removing) actions.run('unfriend', removing.id);
        }}
      />
    </div>
  );
}

function Suggestions() {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim());
  const suggestions = useSuggestions(search);
  const list = suggestions.data?.pages.flatMap((p) => p.suggestions) ?? [];
  return (
    <Section title={FRIEND_TEXTS.suggestions} icon={Sparkles}>
      <SearchInput
        label={FRIEND_TEXTS.searchSuggestionsLabel}
        placeholder={FRIEND_TEXTS.searchSuggestions}
        value={term}
        onChange={setTerm}
      />
      {suggestions.isPending ? (
        <PersonRowSkeletons count={3} />
      ) : suggestions.isError && !suggestions.data ? (
        <LoadError compact message={FRIEND_TEXTS.loadFailed} onRetry={() => suggestions.refetch()} retrying={suggestions.isFetching} />
      ) : list.length === 0 ? (
        <Muted>{search ? FRIEND_TEXTS.noSuggestionsMatching(search) : FRIEND_TEXTS.noSuggestions}</Muted>
      ) : (
        <>
          <ul aria-label={FRIEND_TEXTS.suggestions} className="space-y-0.5">
            {list.map((person) => (
              <PersonRow
                key={person.id}
                id={person.id}
                username={person.username}
                image={person.user_dp}
                detail={suggestionDetail(person.mutualCount, person.sharedCommunities)}
                actions={<FriendActions userId={person.id} username={person.username} known="not_friends" inList />}
              />
            ))}
          </ul>
          <LoadMore
            hasMore={Boolean(suggestions.hasNextPage)}
            loading={suggestions.isFetchingNextPage}
            onLoadMore={() => void suggestions.fetchNextPage()}
          />
        </>
      )}
    </Section>
  );
}

/** Why someone is suggested: mutual friends first, then shared communities (the server ranks by the same). */
export function suggestionDetail(mutual: number, shared: number): string | undefined {
  if (mutual > 0) return FRIEND_TEXTS.mutualCount(mutual);
  if (shared > 0) return FRIEND_TEXTS.sharedCommunities(shared);
  return undefined;
}

function TheirFriends({ userId }: { userId: number }) {
  const friends = useFriends(userId);
  const mutual = useMutualFriends(userId);
  return (
    <div className="space-y-7">
      <Section title={FRIEND_TEXTS.allFriends(totalOf(friends))} icon={Users}>
        <FriendList query={friends} empty={<Muted>{FRIEND_TEXTS.noFriends}</Muted>} />
      </Section>
      <Section title={FRIEND_TEXTS.mutualFriends} icon={UsersRound}>
        <FriendList query={mutual} empty={<Muted>{FRIEND_TEXTS.noMutualFriends}</Muted>} />
      </Section>
    </div>
  );
}
