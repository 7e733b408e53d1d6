import { parseArgs } from './admin';

describe('admin command arguments', () => {
  it('accepts grant and revoke with one e-mail, lower-cased', () => {
    expect(parseArgs(['grant', 'Ana@Escola.RS.gov.br'])).toEqual({ command: 'grant', email: 'ana@escola.rs.gov.br' });
    expect(parseArgs(['revoke', 'ana@escola.rs.gov.br'])).toEqual({ command: 'revoke', email: 'ana@escola.rs.gov.br' });
  });

  it('rejects anything else', () => {
    expect(parseArgs([])).toBeUndefined();
    expect(parseArgs(['promote', 'ana@escola.rs.gov.br'])).toBeUndefined();
    expect(parseArgs(['grant', 'ana'])).toBeUndefined();
    expect(parseArgs(['grant', 'a@b.c', 'd@e.f'])).toBeUndefined();
  });
});
