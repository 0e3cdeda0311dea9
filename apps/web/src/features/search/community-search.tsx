import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { FIELD_MAX } from './nav-field';
import { rememberSearch } from './recent';
import { SEARCH_BOX_TEXTS } from './box-texts';
import { searchPath } from './search-url';

/**
 * "Search this community" (issue 16 §4) at the end of the community page's section bar: a field on wide screens,
 * a button on narrow ones, both opening `/search?q=&group=<slug>` (the results say "In {community}"). On the
 * community page's first load, so as light as the navigation bar's field.
 */
export function CommunitySearch({ slug, name }: { slug: string; name: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) rememberSearch(q);
    void navigate(searchPath({ q, group: slug }));
  };
  return (
    <>
      <form
        role="search"
        aria-label={SEARCH_BOX_TEXTS.communityLabel(name)}
        onSubmit={onSubmit}
        className="relative hidden py-1.5 md:block"
      >
        <Search className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
        <input
          type="search"
          aria-label={SEARCH_BOX_TEXTS.communityLabel(name)}
          placeholder={SEARCH_BOX_TEXTS.communityPlaceholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={FIELD_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="h-9 w-52 rounded-lg border border-line bg-surface-muted pr-2 pl-8 text-sm text-fg placeholder:text-fg-subtle focus:border-ring focus:bg-surface focus:outline-2 focus:outline-offset-1 focus:outline-ring"
        />
      </form>
      <Link
        to={searchPath({ group: slug })}
        aria-label={SEARCH_BOX_TEXTS.communityLabel(name)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring md:hidden"
      >
        <Search className="size-5" aria-hidden />
      </Link>
    </>
  );
}
