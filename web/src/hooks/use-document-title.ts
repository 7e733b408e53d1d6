import { useEffect } from 'react';

/** Sets the tab title ("Turmas · Planejador"), so screen readers and history entries name the page. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Planejador` : 'Planejador';
  }, [title]);
}
