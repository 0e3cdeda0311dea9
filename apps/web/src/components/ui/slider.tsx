import type { KeyboardEvent } from 'react';
import { Slider as RadixSlider } from 'radix-ui';
import { cn } from '@/lib/cn';

interface SliderProps {
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  /** The finest value (pointer drags). */
  step: number;
  /** What one arrow key moves (ten times that with Shift or Page Up/Down); `step` when not given. */
  keyStep?: number;
  label: string;
  /** Spoken instead of the bare number, e.g. "1.5 times". */
  valueText?: string;
  className?: string;
}

const KEY_DIRECTIONS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

/** A single-thumb slider; `label` names the thumb for assistive technology. */
export function Slider({ value, onValueChange, min, max, step, keyStep, label, valueText, className }: SliderProps) {
  // Radix moves one `step` per arrow; a coarser keyboard step is applied here first (a prevented key event is
  // left alone by Radix) and rounded to `step` so keyboard and drag land on the same values.
  const onKeyDown = (event: KeyboardEvent<HTMLSpanElement>) => {
    const direction = KEY_DIRECTIONS[event.key];
    if (!keyStep || direction === undefined) return;
    event.preventDefault();
    const moved = value + direction * keyStep * (event.shiftKey && Math.abs(direction) === 1 ? 10 : 1);
    const snapped = Math.round(moved / step) * step;
    onValueChange(Number(Math.min(max, Math.max(min, snapped)).toFixed(10)));
  };
  return (
    <RadixSlider.Root
      onKeyDown={onKeyDown}
      className={cn('relative flex h-6 w-full touch-none items-center select-none', className)}
      value={[value]}
      min={min}
      max={max}
      step={step}
      onValueChange={(values) => onValueChange(values[0] ?? min)}
    >
      <RadixSlider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-surface-strong">
        <RadixSlider.Range className="absolute h-full bg-brand-600" />
      </RadixSlider.Track>
      <RadixSlider.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className="block size-5 rounded-full border-2 border-ring bg-surface shadow transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </RadixSlider.Root>
  );
}
