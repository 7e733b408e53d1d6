import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['localeError']>>[0];

const fallback = z.locales.ptBR().localeError;

const UNITS: Record<string, [string, string]> = {
  string: ['caractere', 'caracteres'],
  array: ['item', 'itens'],
  set: ['item', 'itens'],
  file: ['byte', 'bytes'],
};

function count(n: number | bigint, origin: string): string {
  const [one, many] = UNITS[origin] ?? ['', ''];
  return `${n.toString()}${one ? ` ${Number(n) === 1 ? one : many}` : ''}`;
}

/**
 * Messages in Brazilian Portuguese, written for a teacher, for every zod error that has no message of its own
 * (zod's built-in pt locale is European Portuguese: "Demasiado grande"). Rare codes fall back to zod's pt-BR.
 */
function ptBrError(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Campo obrigatório';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Informe um número';
      if (issue.expected === 'string') return 'Informe um texto';
      if (issue.expected === 'boolean') return 'Informe sim ou não';
      if (issue.expected === 'array') return 'Informe uma lista';
      return 'Valor inválido';
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      if (issue.origin === 'string') return `Texto muito longo (máx. ${count(max, 'string')})`;
      if (issue.origin === 'number' || issue.origin === 'int') return `O valor deve ser no máximo ${max.toString()}`;
      if (issue.origin === 'date') return 'Data posterior ao permitido';
      return `Máximo de ${count(max, issue.origin)}`;
    }
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      if (issue.origin === 'string') {
        return Number(min) <= 1 ? 'Campo obrigatório' : `Texto muito curto (mín. ${count(min, 'string')})`;
      }
      if (issue.origin === 'number' || issue.origin === 'int') return `O valor deve ser no mínimo ${min.toString()}`;
      if (issue.origin === 'date') return 'Data anterior ao permitido';
      return `Mínimo de ${count(min, issue.origin)}`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'E-mail inválido';
      if (issue.format === 'url') return 'Endereço (URL) inválido';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Identificador inválido';
      if (issue.format === 'date' || issue.format === 'datetime') return 'Data inválida';
      return 'Formato inválido';
    case 'invalid_value':
      return 'Opção inválida';
    case 'not_multiple_of':
      return `O valor deve ser múltiplo de ${issue.divisor.toString()}`;
    case 'unrecognized_keys':
      return `Campo${issue.keys.length > 1 ? 's' : ''} não reconhecido${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    default: {
      const fromZod = fallback?.(issue);
      return typeof fromZod === 'string' ? fromZod : fromZod?.message;
    }
  }
}

/** Fields without a message of their own answer in Brazilian Portuguese too (web and api share this). Idempotent. */
export function configureZodMessages(): void {
  z.config({ localeError: ptBrError });
}
