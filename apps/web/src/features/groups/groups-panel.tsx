import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Dialog as RadixDialog } from 'radix-ui';
import { Plus, SearchX, Users, X } from 'lucide-react';
import type { Group } from '@agora/contract';
import { LoadError, loadFailed } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSwipeToClose } from '@/lib/use-swipe-to-close';
import { useExploreGroups, useJoinedGroups, useMyGroups } from './api';
import { GroupRow, RowMembershipButton } from './group-row';
import { GROUP_TEXTS } from './texts';
import { groupsPanel, useGroupsPanel, type PanelTab } from './use-groups-panel';

/**
 * SPEC §2 Communities side panel, opened by the logo: Joined (`groups`), Created (`mygroups`), Search
 * (`findgroups`), and "Create a community". 520 px wide; on phones it closes by a leftward swipe.
 */
export function GroupsPanel() {
  const session = useSession();
  const { open, tab } = useGroupsPanel();
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const swipe = useSwipeToClose(panel, 'left', groupsPanel.close);
  // Signing out closes it, so it does not reopen by itself at the next sign-in.
  useEffect(() => {
    if (!session) groupsPanel.close();
  }, [session]);
  if (!session) return null;

  const close = () => groupsPanel.close();
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-scrim data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          ref={panel}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (groupsPanel.restoreFocus()) event.preventDefault();
          }}
          {...swipe}
          className="fixed inset-y-0 left-0 z-40 flex w-full max-w-[520px] touch-pan-y flex-col bg-surface shadow-panel data-[state=open]:animate-slide-in-left focus-visible:outline-none"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4">
            <RadixDialog.Title className="text-lg font-semibold text-fg">{GROUP_TEXTS.panelTitle}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label={GROUP_TEXTS.closeCommunities}
              className="rounded-lg p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <X className="size-5" aria-hidden />
            </RadixDialog.Close>
          </div>
          <Tabs value={tab} onValueChange={(value) => groupsPanel.setTab(value as PanelTab)} className="flex min-h-0 flex-1 flex-col">
            <TabsList aria-label={GROUP_TEXTS.communitiesLists} className="px-3">
              <TabsTrigger value="groups">{GROUP_TEXTS.joinedTab}</TabsTrigger>
              <TabsTrigger value="mygroups">{GROUP_TEXTS.createdTab}</TabsTrigger>
              <TabsTrigger value="findgroups">{GROUP_TEXTS.searchTab}</TabsTrigger>
            </TabsList>
            <TabsContent value="groups" className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">
              <JoinedTab onNavigate={close} />
            </TabsContent>
            <TabsContent value="mygroups" className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">
              <CreatedTab onNavigate={close} />
            </TabsContent>
            <TabsContent value="findgroups" className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-4">
              <SearchTab onNavigate={close} />
            </TabsContent>
          </Tabs>
          <div className="border-t border-line p-4">
            <Button
              size="lg"
              className="w-full"
              onClick={() => {
                close();
                void navigate('/create');
              }}
            >
              <Plus aria-hidden />
              {GROUP_TEXTS.createCommunity}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function Heading({ children }: { children: ReactNode }) {
  return <h3 className="mb-3 px-1.5 text-xs font-semibold tracking-wider text-fg-muted uppercase">{children}</h3>;
}

function RowSkeletons({ count = 4 }: { count?: number }) {
  return (
    <ul aria-hidden className="space-y-2">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="flex items-center gap-3 p-1.5">
          <Skeleton className="size-11 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-20" />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Empty({ icon: Icon, text }: { icon: typeof Users; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="text-sm font-medium text-fg-muted">{text}</p>
    </div>
  );
}

function GroupList({
  groups,
  onNavigate,
  tooltip,
  withAction = true,
}: {
  groups: Group[];
  onNavigate: () => void;
  tooltip?: string;
  withAction?: boolean;
}) {
  return (
    <ul className="space-y-1">
      {groups.map((group) => (
        <GroupRow
          key={group.id}
          group={group}
          onNavigate={onNavigate}
          tooltip={tooltip}
          action={withAction ? <RowMembershipButton group={group} /> : undefined}
        />
      ))}
    </ul>
  );
}

function JoinedTab({ onNavigate }: { onNavigate: () => void }) {
  const joined = useJoinedGroups();
  const groups = joined.data?.groups ?? [];
  return (
    <>
      <Heading>{GROUP_TEXTS.joinedHeading}</Heading>
      {joined.isPending ? (
        <RowSkeletons />
      ) : loadFailed(joined) ? (
        <LoadError compact message={GROUP_TEXTS.listLoadFailed} onRetry={() => joined.refetch()} retrying={joined.isFetching} />
      ) : groups.length === 0 ? (
        <Empty icon={Users} text={GROUP_TEXTS.noJoined} />
      ) : (
        <GroupList groups={groups} onNavigate={onNavigate} />
      )}
    </>
  );
}

function CreatedTab({ onNavigate }: { onNavigate: () => void }) {
  const mine = useMyGroups();
  const groups = mine.data?.groups ?? [];
  return (
    <>
      <Heading>{GROUP_TEXTS.createdHeading}</Heading>
      {mine.isPending ? (
        <RowSkeletons />
      ) : loadFailed(mine) ? (
        <LoadError compact message={GROUP_TEXTS.listLoadFailed} onRetry={() => mine.refetch()} retrying={mine.isFetching} />
      ) : groups.length === 0 ? (
        <Empty icon={Users} text={GROUP_TEXTS.noCreated} />
      ) : (
        <GroupList groups={groups} onNavigate={onNavigate} tooltip={GROUP_TEXTS.manage} withAction={false} />
      )}
    </>
  );
}

function SearchTab({ onNavigate }: { onNavigate: () => void }) {
  const [term, setTerm] = useState('');
  const search = useDebouncedValue(term.trim());
  const results = useExploreGroups(search);
  const groups = results.data?.pages.flatMap((p) => p.groups) ?? [];
  return (
    <>
      <Heading>{GROUP_TEXTS.searchHeading}</Heading>
      <SearchInput
        label={GROUP_TEXTS.searchHeading}
        placeholder={GROUP_TEXTS.searchPlaceholder}
        value={term}
        onChange={setTerm}
        className="mb-4"
      />
      {results.isPending ? (
        <RowSkeletons />
      ) : loadFailed(results) ? (
        <LoadError compact message={GROUP_TEXTS.listLoadFailed} onRetry={() => results.refetch()} retrying={results.isFetching} />
      ) : groups.length === 0 ? (
        <Empty icon={SearchX} text={GROUP_TEXTS.noMatching} />
      ) : (
        <GroupList groups={groups} onNavigate={onNavigate} />
      )}
      <LoadMore
        hasMore={Boolean(results.hasNextPage)}
        loading={results.isFetchingNextPage}
        onLoadMore={() => void results.fetchNextPage()}
      />
    </>
  );
}
