import { BrowserRouter, useRoutes } from 'react-router';
import { Providers } from './providers';
import { routes } from './routes';
import { useLocale } from '@/lib/i18n';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The declarative router (BrowserRouter + useRoutes): the app loads no data through the router, and the data
 * router's code was 17 KB of the 150 KB of gzipped JavaScript a first page may load (issue 12 §5). Its two
 * features the app used have their own small copies: scroll restoration (scroll-restoration.tsx) and the
 * routes' error boundaries (route-boundary.tsx). Tests render the same routes in a memory data router.
 */
export function App() {
  // A language switch remounts the pages, so every text is read again from the new catalogue.
  const locale = useLocale();
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes key={locale} />
      </BrowserRouter>
    </Providers>
  );
}
