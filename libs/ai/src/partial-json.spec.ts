import { partialStringFields } from './partial-json';

describe('partialStringFields', () => {
  const whole = JSON.stringify({
    habilidades: ['EF05MA03'],
    titulo: 'Frações na cozinha',
    objetivos: 'Comparar frações\n"meio" e "um terço"',
    verificacao: { questoes: [{ tipo: 'aberta', enunciado: 'Qual?' }] },
    experiencias: '1. Acolhida: receita de bolo',
  });

  it('gives every string field of the whole answer, skipping arrays and objects', () => {
    expect(partialStringFields(whole)).toEqual({
      titulo: 'Frações na cozinha',
      objetivos: 'Comparar frações\n"meio" e "um terço"',
      experiencias: '1. Acolhida: receita de bolo',
    });
  });

  it('on every prefix: only text the whole answer has, each field a prefix of its final text, never throwing', () => {
    const final = partialStringFields(whole);
    let previous: Record<string, string> = {};
    for (let n = 0; n <= whole.length; n++) {
      const fields = partialStringFields(whole.slice(0, n));
      for (const [key, value] of Object.entries(fields)) {
        expect(final[key]?.startsWith(value)).toBe(true);
        // Text only grows as more arrives.
        if (previous[key] !== undefined) expect(value.startsWith(previous[key])).toBe(true);
      }
      previous = fields;
    }
  });

  it('decodes escapes and leaves a half-received one out', () => {
    expect(partialStringFields('{"titulo":"Água \\u00e9 vida\\')).toEqual({ titulo: 'Água é vida' });
    expect(partialStringFields('{"titulo":"a\\u00')).toEqual({ titulo: 'a' });
    expect(partialStringFields('not json')).toEqual({});
  });
});
