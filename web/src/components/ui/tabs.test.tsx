import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function SignIn({ onChange }: { onChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="entrar" onValueChange={onChange}>
      <TabsList aria-label="Acesso">
        <TabsTrigger value="entrar">Entrar</TabsTrigger>
        <TabsTrigger value="cadastrar">Cadastrar</TabsTrigger>
        <TabsTrigger value="ajuda">Ajuda</TabsTrigger>
      </TabsList>
      <TabsContent value="entrar">Formulário de entrada</TabsContent>
      <TabsContent value="cadastrar">Formulário de cadastro</TabsContent>
      <TabsContent value="ajuda">Ajuda</TabsContent>
    </Tabs>
  );
}

describe('Tabs (WAI-ARIA tabs pattern)', () => {
  it('names each panel by its tab and shows only the selected one', () => {
    render(<SignIn />);
    const entrar = screen.getByRole('tab', { name: 'Entrar' });
    expect(entrar.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Cadastrar' }).getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel', { name: 'Entrar' });
    expect(panel.textContent).toBe('Formulário de entrada');
    expect(entrar.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.queryByText('Formulário de cadastro')).toBeNull();
  });

  it('keeps only the selected tab in the Tab order', () => {
    render(<SignIn />);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
  });

  it('moves and selects with the arrows (wrapping), Home and End', () => {
    const changes: string[] = [];
    render(<SignIn onChange={(value) => changes.push(value)} />);
    const list = screen.getByRole('tablist', { name: 'Acesso' });
    screen.getByRole('tab', { name: 'Entrar' }).focus();
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Cadastrar' }));
    expect(screen.getByRole('tabpanel', { name: 'Cadastrar' }).textContent).toBe('Formulário de cadastro');
    fireEvent.keyDown(list, { key: 'End' });
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Entrar' }));
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Ajuda' }));
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByRole('tabpanel', { name: 'Entrar' })).toBeTruthy();
    expect(changes).toEqual(['cadastrar', 'ajuda', 'entrar', 'ajuda', 'entrar']);
  });

  it('follows a controlled value and keeps force-mounted panels, marked inactive', () => {
    function Controlled() {
      const [tab, setTab] = useState('html');
      return (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Conteúdo">
            <TabsTrigger value="html">HTML</TabsTrigger>
            <TabsTrigger value="texto">Texto</TabsTrigger>
          </TabsList>
          <TabsContent value="html" forceMount>
            <input aria-label="Corpo HTML" defaultValue="<p>Oi</p>" />
          </TabsContent>
          <TabsContent value="texto" forceMount>
            <input aria-label="Corpo texto" defaultValue="Oi" />
          </TabsContent>
        </Tabs>
      );
    }
    render(<Controlled />);
    fireEvent.click(screen.getByRole('tab', { name: 'Texto' }));
    expect(screen.getByRole('tab', { name: 'Texto' }).getAttribute('aria-selected')).toBe('true');
    const html = screen.getByLabelText('Corpo HTML').closest('[role="tabpanel"]');
    expect(html?.getAttribute('data-state')).toBe('inactive');
    expect(screen.getByLabelText('Corpo texto').closest('[role="tabpanel"]')?.getAttribute('data-state')).toBe('active');
  });
});
