import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Search, SearchX, X } from 'lucide-react';
import { SEARCH_LIMITS, SEARCH_TYPES, type SearchResponse, type SearchType } from '@agora/contract';
import { PageTitle } from '@/components/page-title';
import { LoadError } from '@/components/load-error';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useGroup } from '@/features/groups/api';
import { useSearchResults } from './api';
import { BlogHitCard, CommentHitCard, CommunityHitRow, DiscussionHitCard, PersonHitRow } from './hits';
import { SHORTCUT_ATTRIBUTE } from './nav-field';
import { rememberSearch } from './recent';
import { parseSearchParams } from './search-params';
import { searchPath, type SearchParams } from './search-url';
import { SEARCH_TEXTS } from './texts';

type Kind = Exclude<SearchType, 'all'>;
const KINDS = SEARCH_TYPES.filter((t): t is Kind => t !== 'all');

/**
 * `/search?q=&type=&group=` (issue 16 §4): the field, the tabs (the kind in the address), and the hits: the first
 * few of each kind on All, one kind with infinite scroll on its own tab. An empty query welcomes; nothing found
 * suggests removing a word; the server's refusal (a 400) is shown as it says it.
 */
export function SearchPage() {
  const [urlParams] = useSearchParams();
  const params = parseSearchParams(urlParams);
  const q = params.q.trim();
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <PageTitle title={q ? SEARCH_TEXTS.titleFor(q) : SEARCH_TEXTS.title} />
      {/* Keyed by the query: a new address (a recent search, Back) shows its query in the field. */}
      <SearchForm key={params.q} params={params} />
      {params.group ? <CommunityChip params={params} /> : null}
      <KindTabs params={params} />
      {q ? <Results params={{ ...params, q }} /> : <Welcome />}
    </div>
  );
}

function SearchForm({ params }: { params: SearchParams }) {
  const navigate = useNavigate();
  const [text, setText] = useState(params.q);
  const field = useRef<HTMLInputElement>(null);
  // Arriving without a query, the field is where one starts.
  useEffect(() => {
    if (!params.q) field.current?.focus();
    // Once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) rememberSearch(q);
    void navigate(searchPath({ ...params, q }));
  };
  return (
    <form role="search" aria-label={SEARCH_TEXTS.heading} onSubmit={onSubmit} className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight text-fg">{SEARCH_TEXTS.heading}</h1>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
          <input
            ref={field}
            {...{ [SHORTCUT_ATTRIBUTE]: '' }}
            type="search"
            name="q"
            aria-label={SEARCH_TEXTS.fieldLabel}
            aria-keyshortcuts="/"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={SEARCH_LIMITS.queryMax}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-11 w-full rounded-xl border border-line-strong bg-surface pr-3 pl-9 text-base text-fg placeholder:text-fg-subtle focus:border-ring focus:outline-2 focus:outline-offset-1 focus:outline-ring"
          />
        </div>
        <Button type="submit" className="h-11">
          {SEARCH_TEXTS.submit}
        </Button>
      </div>
    </form>
  );
}

/** "In {community}" with a button that drops it (the same search everywhere). */
function CommunityChip({ params }: { params: SearchParams }) {
  const group = useGroup(params.group!);
  const name = group.data?.group.group_name ?? (group.isPending ? SEARCH_TEXTS.thisCommunity : params.group!);
  return (
    <p className="flex">
      <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-1 pr-1 pl-3 text-sm font-semibold text-accent-fg">
        {SEARCH_TEXTS.inCommunity(name)}
        <Link
          to={searchPath({ ...params, group: null })}
          aria-label={SEARCH_TEXTS.removeCommunity(name)}
          className="inline-flex size-6 items-center justify-center rounded-full hover:bg-surface focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-4" aria-hidden />
        </Link>
      </span>
    </p>
  );
}

function KindTabs({ params }: { params: SearchParams }) {
  return (
    <nav aria-label={SEARCH_TEXTS.kindsLabel} className="border-b border-line">
      <ul className="-mb-px flex overflow-x-auto">
        {SEARCH_TYPES.map((type) => (
          <li key={type} className="shrink-0">
            <Link
              to={searchPath({ ...params, type })}
              aria-current={type === params.type ? 'page' : undefined}
              className={cn(
                'inline-flex h-11 items-center border-b-2 px-3 text-sm font-semibold transition-colors',
                'focus-visible:rounded-md focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                type === params.type ? 'border-brand-600 text-accent-fg' : 'border-transparent text-fg-muted hover:text-fg',
              )}
            >
              {SEARCH_TEXTS.tabs[type]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Welcome() {
  return <EmptyState icon={Search} title={SEARCH_TEXTS.welcomeTitle} description={SEARCH_TEXTS.welcomeHint} />;
}

function countOf(page: SearchResponse): number {
  return page.discussions.length + page.comments.length + page.blogs.length + page.communities.length + page.people.length;
}

function Results({ params }: { params: SearchParams }) {
  const results = useSearchResults(params);
  const pages = results.data?.pages ?? [];
  if (results.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={SEARCH_TEXTS.searching} />
      </div>
    );
  }
  if (results.isError && pages.length === 0) {
    // A refusal (400: an empty or only-punctuation query, too long, a community not found) says why, as is; any
    // other failure offers to try again.
    const refused = results.error instanceof ApiError && results.error.status >= 400 && results.error.status < 500;
    if (!refused) {
      return (
        <LoadError
          message={errorMessage(results.error, SEARCH_TEXTS.loadFailed)}
          onRetry={() => results.refetch()}
          retrying={results.isFetching}
        />
      );
    }
    return (
      <div role="alert" className="rounded-2xl border border-line bg-surface px-5 py-6 text-center">
        <p className="text-sm text-fg">{errorMessage(results.error, SEARCH_TEXTS.loadFailed)}</p>
      </div>
    );
  }
  const total = pages.reduce((sum, page) => sum + countOf(page), 0);
  if (total === 0) return <NoResults params={params} />;
  const count = (kind: Kind) => pages.reduce((sum, page) => sum + page[kind].length, 0);
  const status = (
    <p role="status" className="sr-only">
      {SEARCH_TEXTS.resultsCount(total)}
    </p>
  );
  if (params.type === 'all') {
    return (
      <div className="space-y-6">
        {status}
        {KINDS.map((kind) =>
          count(kind) > 0 ? (
            <KindSection key={kind} kind={kind} params={params}>
              <HitList kind={kind} pages={pages} />
            </KindSection>
          ) : null,
        )}
      </div>
    );
  }
  return (
    <div>
      {status}
      <HitList kind={params.type} pages={pages} />
      <LoadMore
        hasMore={results.hasNextPage && !results.isFetchNextPageError}
        loading={results.isFetchingNextPage}
        onLoadMore={() => void results.fetchNextPage()}
        label={SEARCH_TEXTS.moreResults}
      />
    </div>
  );
}

function KindSection({ kind, params, children }: { kind: Kind; params: SearchParams; children: ReactNode }) {
  const id = `search-section-${kind}`;
  return (
    <section aria-labelledby={id}>
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-fg">
          {SEARCH_TEXTS.tabs[kind]}
        </h2>
        <Link
          to={searchPath({ ...params, type: kind })}
          className="rounded-md text-sm font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {SEARCH_TEXTS.seeAll[kind]}
        </Link>
      </div>
      {children}
    </section>
  );
}

function HitList({ kind, pages }: { kind: Kind; pages: SearchResponse[] }) {
  const rows = kind === 'communities' || kind === 'people';
  return (
    <ul className={rows ? 'space-y-1' : 'space-y-3'}>
      {kind === 'discussions' &&
        pages
          .flatMap((p) => p.discussions)
          .map((hit) => (
            <li key={`d${hit.id}`}>
              <DiscussionHitCard hit={hit} />
            </li>
          ))}
      {kind === 'comments' &&
        pages
          .flatMap((p) => p.comments)
          .map((hit) => (
            <li key={`c${hit.id}`}>
              <CommentHitCard hit={hit} />
            </li>
          ))}
      {kind === 'blogs' &&
        pages
          .flatMap((p) => p.blogs)
          .map((hit) => (
            <li key={`b${hit.id}`}>
              <BlogHitCard hit={hit} />
            </li>
          ))}
      {kind === 'communities' &&
        pages
          .flatMap((p) => p.communities)
          .map((hit) => (
            <li key={`g${hit.id}`}>
              <CommunityHitRow hit={hit} />
            </li>
          ))}
      {kind === 'people' &&
        pages
          .flatMap((p) => p.people)
          .map((hit) => (
            <li key={`p${hit.id}`}>
              <PersonHitRow hit={hit} />
            </li>
          ))}
    </ul>
  );
}

function NoResults({ params }: { params: SearchParams }) {
  return (
    <EmptyState
      icon={SearchX}
      title={SEARCH_TEXTS.noResultsTitle(params.q)}
      description={params.group ? SEARCH_TEXTS.noResultsInCommunity : SEARCH_TEXTS.noResultsHint}
      action={
        params.group ? (
          <Link
            to={searchPath({ ...params, group: null })}
            className="rounded-md text-sm font-semibold text-accent-fg hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {SEARCH_TEXTS.searchEverywhere}
          </Link>
        ) : undefined
      }
    />
  );
}
