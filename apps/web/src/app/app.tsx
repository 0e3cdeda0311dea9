import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Providers } from './providers';
import { routes } from './routes';
import { useLocale } from '@/lib/i18n';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  // A language switch remounts the pages, so every text is read again from the new catalogue.
  const locale = useLocale();
  return (
    <Providers>
      <RouterProvider key={locale} router={router} />
    </Providers>
  );
}
