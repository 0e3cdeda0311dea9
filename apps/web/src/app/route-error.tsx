import { isRouteErrorResponse } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NotFoundPage } from './not-found-page';
import { APP_TEXTS } from './texts';

/** A route's error (route-boundary.tsx): a 404 response shows the 404 page, anything else a reload prompt. */
export function RouteError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <div role="alert" className="mx-auto flex min-h-[60dvh] max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger-fg">
        <TriangleAlert className="size-7" aria-hidden />
      </span>
      <h1 className="text-xl font-semibold text-fg">{APP_TEXTS.somethingWrong}</h1>
      <p className="text-sm text-fg-subtle">{APP_TEXTS.somethingWrongHint}</p>
      <Button onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden />
        {APP_TEXTS.reload}
      </Button>
    </div>
  );
}
