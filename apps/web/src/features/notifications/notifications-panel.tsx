import { useState } from 'react';
import { Bell, Search, SearchX, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Sheet, SheetClose } from '@/components/ui/sheet';

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  empty: 'No notifications yet',
  emptyHint: "When you get notifications, they'll appear here",
  noMatch: 'No matching notifications found',
  noMatchHint: 'Try a different search term',
  search: 'Search notifications...',
  clear: 'Clear notifications',
} as const;

/**
 * SPEC §2 Notifications panel. The list API arrives with the notifications issue; until then the list is
 * empty and nothing is fetched.
 */
export function NotificationsPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [search, setSearch] = useState('');
  const searching = search.trim() !== '';
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={NOTIFICATION_TEXTS.title} className="md:w-[450px]">
      <div className="flex items-center justify-between gap-3 border-b border-line px-5 py-4">
        <h2 className="text-lg font-semibold text-fg" aria-hidden>
          {NOTIFICATION_TEXTS.title}
        </h2>
        <SheetClose
          aria-label="Close notifications"
          className="rounded-lg p-1.5 text-fg-subtle hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-5" aria-hidden />
        </SheetClose>
      </div>
      <div className="flex items-center gap-2 px-5 py-3">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
          <Input
            type="search"
            aria-label={NOTIFICATION_TEXTS.search}
            placeholder={NOTIFICATION_TEXTS.search}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          disabled
          className="text-fg-muted"
          aria-label={NOTIFICATION_TEXTS.clear}
          title={NOTIFICATION_TEXTS.clear}
        >
          <Trash2 aria-hidden />
          <span className="hidden sm:inline">Clear</span>
        </Button>
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 pb-24 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
          {searching ? <SearchX className="size-7" aria-hidden /> : <Bell className="size-7" aria-hidden />}
        </span>
        <p className="text-base font-semibold text-fg">{searching ? NOTIFICATION_TEXTS.noMatch : NOTIFICATION_TEXTS.empty}</p>
        <p className="max-w-xs text-sm text-fg-subtle">{searching ? NOTIFICATION_TEXTS.noMatchHint : NOTIFICATION_TEXTS.emptyHint}</p>
      </div>
    </Sheet>
  );
}
