import { useEffect } from 'react';

/** "Explore · Agora"; just "Agora" without a page title. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Agora` : 'Agora';
  }, [title]);
}
