import { z } from 'zod';
import { configureZodMessages, loginSchema, registerSchema } from '.';

beforeAll(() => configureZodMessages());

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues[0].message;
};

describe('zod messages without a message of their own (pt-BR)', () => {
  it('reads as Brazilian Portuguese, never European ("Demasiado")', () => {
    expect(messageOf(z.string().max(5), 'abcdefgh')).toBe('Texto muito longo (máx. 5 caracteres)');
    expect(messageOf(z.string().min(1), '')).toBe('Campo obrigatório');
    expect(messageOf(z.string().min(3), 'a')).toBe('Texto muito curto (mín. 3 caracteres)');
    expect(messageOf(z.array(z.string()).max(3), ['a', 'b', 'c', 'd'])).toBe('Máximo de 3 itens');
    expect(messageOf(z.number().int().min(1), 0)).toBe('O valor deve ser no mínimo 1');
    expect(messageOf(z.object({ nome: z.string() }), {})).toBe('Campo obrigatório');
    expect(messageOf(z.number(), 'dez')).toBe('Informe um número');
    expect(messageOf(z.email(), 'x')).toBe('E-mail inválido');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Opção inválida');
    for (const [schema, value] of [
      [z.string().max(1), 'ab'],
      [z.array(z.number()).min(2), [1]],
      [z.number().max(2), 3],
    ] as const) {
      expect(messageOf(schema, value)).not.toMatch(/Demasiado|ficheiro|registo/);
    }
  });

  it('says an overlong password is too long, not too short', () => {
    const long = 'a'.repeat(201);
    const register = registerSchema.safeParse({ email: 'ana@escola.br', password: long, confirmPassword: long });
    expect(register.success).toBe(false);
    expect(register.error!.issues.map((i) => i.message)).toEqual([
      'Texto muito longo (máx. 200 caracteres)',
      'Texto muito longo (máx. 200 caracteres)',
    ]);
    expect(messageOf(loginSchema, { email: 'ana@escola.br', password: long })).toBe('Texto muito longo (máx. 200 caracteres)');
  });
});
