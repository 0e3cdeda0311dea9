import { useRef } from 'react';

/**
 * Radix dialogs return focus to their own Trigger on close; ours are often opened by something else (a URL
 * parameter set by the avatar button, a file picker, a bell that sets state), so focus fell to <body>. This
 * remembers what had focus when the dialog opened and gives focus back to it when the dialog closes, provided
 * it is still on the page. Spread the handlers on Dialog.Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
