import { Search } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Input } from './input';

interface SearchInputProps {
  /** The field's accessible name. */
  label: string;
  /** Shown in the empty field; the label when not given. */
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  /** The wrapper's size and place (the input fills it). */
  className?: string;
}

/** A search field with its magnifier (members, notifications, communities, friend suggestions). */
export function SearchInput({ label, placeholder = label, value, onChange, className }: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        maxLength={100}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
