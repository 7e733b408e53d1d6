import { useCallback, useRef } from 'react';

/**
 * Long actions (export, bulk send) run once at a time. Their buttons show the progress and turn disabled, but only
 * after the next render: a double press lands in between and would start the action twice. The returned function
 * ignores a call while the previous one's promise is unsettled.
 */
export function useSingleFlight(): (action: () => Promise<unknown>) => void {
  const running = useRef(false);
  return useCallback((action) => {
    if (running.current) return;
    running.current = true;
    action()
      .catch(() => undefined) // its own onError handlers already told the user
      .finally(() => {
        running.current = false;
      });
  }, []);
}
