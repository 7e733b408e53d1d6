import { withoutQueries } from './frontend-error.controller';

describe('withoutQueries', () => {
  it('strips query strings and fragments from URLs, wherever they are in the text', () => {
    expect(withoutQueries('http://planejador.test/reset-password?token=abc_DEF-123')).toBe('http://planejador.test/reset-password');
    expect(withoutQueries('https://x.test/verificar-email#token=abc')).toBe('https://x.test/verificar-email');
    expect(withoutQueries('Error at https://x.test/assets/app.js?v=1:10:5\n at /verificar-email?token=s3cr3t (x)')).toBe(
      'Error at https://x.test/assets/app.js\n at /verificar-email (x)',
    );
    expect(withoutQueries('Falhou: nada aqui?')).toBe('Falhou: nada aqui?');
  });
});
