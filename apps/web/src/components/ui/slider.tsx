import { Slider as RadixSlider } from 'radix-ui';
import { cn } from '@/lib/cn';

interface SliderProps {
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  label: string;
  /** Spoken instead of the bare number, e.g. "1.5 times". */
  valueText?: string;
  className?: string;
}

/** A single-thumb slider; `label` names the thumb for assistive technology. */
export function Slider({ value, onValueChange, min, max, step, label, valueText, className }: SliderProps) {
  return (
    <RadixSlider.Root
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
