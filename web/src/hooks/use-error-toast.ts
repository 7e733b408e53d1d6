import { useEffect } from 'react';
import { isUnauthorized } from '@/lib/http';
import { toast } from '@/lib/toast';

/**
 * Shows a toast once when a query fails (a 401 is left to the session-expired handler).
 * Spec examples: 'Erro de acesso' / 'Falha ao carregar turmas'.
 */
export function useErrorToast(error: unknown, title: string, description: string): void {
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast({ title, description, variant: 'destructive' });
  }, [error, title, description]);
}
