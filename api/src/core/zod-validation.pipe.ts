import { BadRequestException, PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { MSG } from '@planejador/contracts';

/** Validates a body, query or parameter with the shared zod schema; a ZodError becomes a 400 in the filter. */
export class ZodValidationPipe<T extends ZodType> implements PipeTransform<unknown, ReturnType<T['parse']>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): ReturnType<T['parse']> {
    const nulAt = findNulCharacter(value);
    if (nulAt !== null) {
      throw new BadRequestException({ message: MSG.validationFailed, issues: [{ path: nulAt, message: MSG.validationFailed }] });
    }
    return this.schema.parse(value ?? {}) as ReturnType<T['parse']>;
  }
}

/**
 * PostgreSQL text cannot hold U+0000: a string with it would fail in the database (a 500), so it is refused
 * here. Returns the path of the first such string, or null. Iterative: bodies may be nested very deeply.
 */
export function findNulCharacter(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes('\u0000')) return path ? `${path}.${key}` : key;
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}
