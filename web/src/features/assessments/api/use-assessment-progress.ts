import type { AssessmentProgressEvent, AssessmentSkillEvent } from '@planejador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/query-keys';
import { applyAssessmentProgressToStream, applyAssessmentSkillEvent } from './assessment-stream';

/**
 * Live progress of an assessment ('assessment:progress' on the shared socket, loaded only here): each event reads
 * the assessment again. Each skill's text as it is written ('assessment:skill') goes to the stream store
 * (assessment-stream.ts) and reads nothing. A hint only: the page polls the api while it is being written.
 */
export function useAssessmentProgress(id: string, active: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stop = () => undefined as void;
    const onEvent = (event: AssessmentProgressEvent) => {
      if (event.avaliacaoId !== id) return;
      applyAssessmentProgressToStream(event);
      void client.invalidateQueries({ queryKey: queryKeys.avaliacao(id) });
    };
    const onSkill = (event: AssessmentSkillEvent) => {
      if (event.avaliacaoId === id) applyAssessmentSkillEvent(event);
    };
    import('@/lib/socket').then(
      ({ getSocket }) => {
        if (stopped) return;
        const socket = getSocket();
        socket.on('assessment:progress', onEvent);
        socket.on('assessment:skill', onSkill);
        stop = () => {
          socket.off('assessment:progress', onEvent);
          socket.off('assessment:skill', onSkill);
        };
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [client, id, active]);
}
