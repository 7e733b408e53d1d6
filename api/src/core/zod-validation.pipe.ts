import { PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';

/** Validates a body, query or parameter with the shared zod schema; a ZodError becomes a 400 in the filter. */
export class ZodValidationPipe<T extends ZodType> implements PipeTransform<unknown, ReturnType<T['parse']>> {
  constructor(private readonly schema: T) {}

  transform(value: unknown): ReturnType<T['parse']> {
    return this.schema.parse(value ?? {}) as ReturnType<T['parse']>;
  }
}
