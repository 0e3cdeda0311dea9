import { Link, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, Home } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageTitle } from '@/components/page-title';
import { APP_TEXTS } from './texts';

/** Any unknown path (SPEC §2): "Page Not Found" with Go Back (history back) and Return Home. */
export function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // With no earlier page at all (a new tab), going back would do nothing: go home instead.
  const canGoBack = location.key !== 'default' || window.history.length > 1;
  const goBack = () => (canGoBack ? navigate(-1) : navigate('/'));
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center py-16 text-center sm:py-24">
      <PageTitle title={APP_TEXTS.pageNotFound} />
      {/* Not a paragraph: a big bold <p> reads as a heading that is not one (axe p-as-heading). */}
      <div className="bg-gradient-to-br from-brand-700 to-brand-400 dark:from-brand-300 dark:to-brand-500 bg-clip-text text-7xl font-extrabold tracking-tighter text-transparent sm:text-8xl">
        404
      </div>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-fg sm:text-3xl">{APP_TEXTS.pageNotFound}</h1>
      <p className="mt-3 text-fg-subtle">{APP_TEXTS.pageNotFoundHint}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button variant="outline" size="lg" onClick={goBack}>
          <ArrowLeft aria-hidden />
          {APP_TEXTS.goBack}
        </Button>
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          <Home aria-hidden />
          {APP_TEXTS.returnHome}
        </Link>
      </div>
    </div>
  );
}
