import type { ReactElement, ReactNode } from 'react';
import { Tooltip as RadixTooltip } from 'radix-ui';

interface TooltipProps {
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  children: ReactElement;
}

/**
 * Wraps one focusable element; shows on hover and keyboard focus. Each tooltip brings its own provider, so the
 * tooltip code loads only with the components that use one, not with every page.
 */
export function Tooltip({ content, side = 'bottom', children }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            className="z-50 rounded-md bg-fg px-2 py-1 text-xs font-medium text-canvas shadow-md data-[state=delayed-open]:animate-fade-in"
          >
            {content}
            <RadixTooltip.Arrow className="fill-fg" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
