import { useLocation, useNavigate } from 'react-router';
import { ArrowLeft, RefreshCw, SearchX } from 'lucide-react';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { COMMON_TEXTS } from '@/lib/texts';

/**
 * A thing that is not there (SPEC §2 "Community Not Found", "Blog Post Not Found"): its title, a hint and Go Back
 * (home when there is no history); a failure other than a 404 also offers a retry.
 */
export function MissingState({ title, hint, goBack, retry }: { title: string; hint: string; goBack: string; retry?: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const canGoBack = location.key !== 'default' || window.history.length > 1;
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-16 text-center sm:py-24">
      <PageTitle title={title} />
      <span className="flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent-fg">
        <SearchX className="size-8" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
      <p className="mt-3 text-fg-muted">{hint}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="outline" size="lg" onClick={() => void (canGoBack ? navigate(-1) : navigate('/'))}>
          <ArrowLeft aria-hidden />
          {goBack}
        </Button>
        {retry ? (
          <Button size="lg" onClick={retry}>
            <RefreshCw aria-hidden />
            {COMMON_TEXTS.tryAgain}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
