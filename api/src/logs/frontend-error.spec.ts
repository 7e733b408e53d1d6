import { FIELD_MAX_BYTES, scrubTokens, storable, truncateUtf8 } from './frontend-error.controller';

describe('scrubTokens', () => {
  it('strips query strings and fragments from URLs, wherever they are in the text', () => {
    expect(scrubTokens('http://planejador.test/reset-password?token=abc_DEF-123')).toBe('http://planejador.test/reset-password');
    expect(scrubTokens('https://x.test/verificar-email#token=abc')).toBe('https://x.test/verificar-email');
    expect(scrubTokens('Error at https://x.test/assets/app.js?v=1:10:5\n at /verificar-email?token=s3cr3t (x)')).toBe(
      'Error at https://x.test/assets/app.js\n at /verificar-email (x)',
    );
    expect(scrubTokens('Falhou: nada aqui?')).toBe('Falhou: nada aqui?');
  });

  it('scrubs relative paths too, and any token= or code= value left anywhere', () => {
    expect(scrubTokens('em app/reset-password?token=s3cr3t ao abrir')).toBe('em app/reset-password ao abrir');
    expect(scrubTokens('reset-password?token=s3cr3t')).toBe('reset-password?token=');
    expect(scrubTokens('"token=s3cr3t" e code=XyZ-9&x=1; access_token=abc')).toBe('"token=" e code=&x=1; access_token=');
    expect(scrubTokens('TOKEN=s3cr3t Code=abc')).toBe('TOKEN= Code=');
    expect(scrubTokens('<a href="../verificar-email?token=s3cr3t">')).toBe('<a href="../verificar-email">');
    for (const out of [scrubTokens('x?token=s3cr3t'), scrubTokens('a/b#code=s3cr3t'), scrubTokens('token=s3cr3t&code=s3cr3t')]) {
      expect(out).not.toContain('s3cr3t');
    }
  });

  it('answers adversarial inputs of 40 KB correctly (the old pattern backtracked on these)', () => {
    const n = 40 * 1024;
    const cases: [string, (out: string) => void][] = [
      ['/'.repeat(n), (out) => expect(out).toBe('/'.repeat(n))],
      ['a'.repeat(n) + '/', (out) => expect(out).toBe('a'.repeat(n) + '/')],
      ['http://'.repeat(n / 7), (out) => expect(out.length).toBe(7 * Math.floor(n / 7))],
      [' /a'.repeat(n / 3), (out) => expect(out).toBe(' /a'.repeat(n / 3))],
      ['a://'.repeat(n / 4) + '?token=s3cr3t', (out) => expect(out).toBe('a://'.repeat(n / 4))],
      ['token='.repeat(n / 6) + 's3cr3t', (out) => expect(out).not.toContain('s3cr3t')],
      ['/?'.repeat(n / 2), (out) => expect(out).toBe('/')],
    ];
    for (const [input, check] of cases) check(scrubTokens(input));
  });
});

describe('storable', () => {
  it('keeps at most 8 KB of a field (in UTF-8, never half a character), then scrubs it', () => {
    expect(FIELD_MAX_BYTES).toBe(8192);
    const long = 'é'.repeat(10_000);
    const cut = truncateUtf8(long, FIELD_MAX_BYTES);
    expect(Buffer.byteLength(cut)).toBe(8192);
    expect(cut).toBe('é'.repeat(4096));
    expect(Buffer.byteLength(truncateUtf8('a' + '😀'.repeat(3000), FIELD_MAX_BYTES))).toBe(8189);
    expect(truncateUtf8('curto', FIELD_MAX_BYTES)).toBe('curto');
    const stored = storable(`${'x'.repeat(20_000)} /reset-password?token=s3cr3t`);
    expect(stored).toBe('x'.repeat(8192));
    expect(storable(`erro em /reset-password?token=s3cr3t`)).toBe('erro em /reset-password');
  });
});
