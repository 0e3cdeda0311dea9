import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { useThemeSync } from '@/lib/theme';
import { AppToaster } from './toaster';

export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useThemeSync();
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster theme={theme} />
    </QueryClientProvider>
  );
}
