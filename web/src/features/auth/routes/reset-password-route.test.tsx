import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';
import { ResetPasswordRoute } from './reset-password-route';

describe('ResetPasswordRoute', () => {
  it("shows zod's own limits in Brazilian Portuguese under the field (never European Portuguese)", async () => {
    // The network boundary: the token check answers valid; nothing else may be sent.
    const calls: string[] = [];
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return { ok: true, status: 200, statusText: 'OK', text: async () => JSON.stringify({ valid: true }) } as Response;
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <ThemeProvider>
          <MemoryRouter initialEntries={['/reset-password?token=abc']}>
            <ResetPasswordRoute />
          </MemoryRouter>
        </ThemeProvider>
      </QueryClientProvider>,
    );

    // The password's 200-character limit has no message of its own in the shared schema.
    const password = await screen.findByLabelText('Nova Senha');
    fireEvent.change(password, { target: { value: 'x'.repeat(201) } });
    fireEvent.change(screen.getByLabelText('Confirmar Nova Senha'), { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir Senha' }));

    const message = 'Texto muito longo (máx. 200 caracteres)';
    expect(await screen.findAllByText(message)).toHaveLength(2);
    const describedBy = password.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(message);
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.body.textContent).not.toMatch(/Demasiado|Too big/);
    expect(calls).toEqual(['/api/auth/validate-reset-token']);
  });
});
