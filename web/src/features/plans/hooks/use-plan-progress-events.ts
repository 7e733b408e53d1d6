import type { PlanProgressEvent } from '@planejador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { getSocket } from '@/lib/socket';

/**
 * While a plan is being written, its progress events refresh it at once; the 2 s poll stays the
 * source of truth (a lost socket or a reload still converges), and a reconnect refetches.
 */
export function usePlanProgressEvents(planoId: string, active: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const socket = getSocket();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.plano(planoId), exact: true });
    const onProgress = (event: PlanProgressEvent) => {
      if (event.planId === planoId) refresh();
    };
    socket.on('plan:progress', onProgress);
    socket.on('connect', refresh);
    return () => {
      socket.off('plan:progress', onProgress);
      socket.off('connect', refresh);
    };
  }, [planoId, active, queryClient]);
}
