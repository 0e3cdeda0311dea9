import { Fragment, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { useThemeSync } from '@/lib/theme';
import { AppToaster } from './toaster';
import { useLocale } from '@/lib/i18n';

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useThemeSync();
  // A language switch remounts the pages (the query cache stays), so every text is read again in the new language.
  const locale = useLocale();
  return (
    <QueryClientProvider client={client}>
      <Fragment key={locale}>{children}</Fragment>
      <AppToaster theme={theme} />
    </QueryClientProvider>
  );
}
