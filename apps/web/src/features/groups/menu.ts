import { cn } from '@/lib/cn';

/** Radix DropdownMenu styling shared by the community's menus. */
export const menuContentClass =
  'z-50 min-w-48 overflow-hidden rounded-xl border border-line bg-surface p-1 text-sm text-fg shadow-panel data-[state=open]:animate-fade-in';

export function menuItemClass(tone: 'default' | 'danger' = 'default'): string {
  return cn(
    'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 outline-none select-none',
    'data-[highlighted]:bg-surface-muted data-[disabled]:cursor-default data-[disabled]:opacity-60',
    tone === 'danger' ? 'text-danger-fg' : 'text-fg',
  );
}
