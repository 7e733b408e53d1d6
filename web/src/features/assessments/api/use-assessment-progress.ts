import type { AssessmentProgressEvent } from '@planejador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';

/**
 * Live progress of an assessment ('assessment:progress' on the shared socket, loaded only here): each event reads
 * the assessment again. A hint only: the page polls the api while it is being written.
 */
export function useAssessmentProgress(id: string, active: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stop = () => undefined as void;
    const onEvent = (event: AssessmentProgressEvent) => {
      if (event.avaliacaoId === id) void client.invalidateQueries({ queryKey: queryKeys.avaliacao(id) });
    };
    import('@/lib/socket').then(
      ({ getSocket }) => {
        if (stopped) return;
        const socket = getSocket();
        socket.on('assessment:progress', onEvent);
        stop = () => socket.off('assessment:progress', onEvent);
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [client, id, active]);
}
