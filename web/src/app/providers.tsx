import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { queryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <LazyToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
