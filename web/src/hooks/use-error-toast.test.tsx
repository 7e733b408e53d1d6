import { render, renderHook, screen } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { HttpError } from '@/lib/http';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from './use-document-title';
import { useErrorToast } from './use-error-toast';

function TurmasPage({ error }: { error: unknown }) {
  useErrorToast(error, 'Erro de acesso', 'Falha ao carregar turmas');
  return <Toaster />;
}

describe('useErrorToast', () => {
  it('tells the user once when a query fails', async () => {
    const error = new HttpError(500, '', 'Internal Server Error');
    const { rerender } = render(<TurmasPage error={null} />);
    expect(screen.queryByText('Erro de acesso')).toBeNull();
    rerender(<TurmasPage error={error} />);
    expect(await screen.findByText('Falha ao carregar turmas')).toBeTruthy();
    rerender(<TurmasPage error={error} />);
    expect(screen.getAllByText('Erro de acesso')).toHaveLength(1);
  });

  it('leaves a 401 to the session-expired handler', () => {
    // One toast at a time: a toast from the hook would replace this one.
    toast({ title: 'Turma criada' });
    render(<TurmasPage error={new HttpError(401, '', 'Unauthorized')} />);
    expect(screen.getByText('Turma criada')).toBeTruthy();
    expect(screen.queryByText('Erro de acesso')).toBeNull();
  });
});

describe('useDocumentTitle', () => {
  it('names the tab after the page, and the product alone without a title', () => {
    const { rerender } = renderHook(({ title }: { title?: string }) => useDocumentTitle(title), { initialProps: { title: 'Turmas' } as { title?: string } });
    expect(document.title).toBe('Turmas · Planejador');
    rerender({ title: undefined });
    expect(document.title).toBe('Planejador');
  });
});
