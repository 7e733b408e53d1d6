import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export interface LeaveGuard {
  /** An in-app navigation to another page waits for the teacher's answer. */
  blocked: boolean;
  stay: () => void;
  leave: () => void;
}

/**
 * While `dirty`, leaving the page asks first: inside the app (another path: the page shows LeaveUnsavedDialog) and on
 * a reload, a closed tab or another address (the browser's own prompt). A change of the query string is no leaving.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // "Sair sem salvar" closes the dialog too, which must not then cancel the navigation it let go.
  const leaving = useRef(false);
  if (blocker.state === 'blocked') leaving.current = false;
  return {
    blocked: blocker.state === 'blocked',
    stay: () => {
      if (!leaving.current) blocker.reset?.();
    },
    leave: () => {
      leaving.current = true;
      blocker.proceed?.();
    },
  };
}
