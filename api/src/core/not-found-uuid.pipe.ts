import { NotFoundException, PipeTransform } from '@nestjs/common';
import { MSG } from '@planejador/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a uuid cannot name anything: 404, like a missing or foreign resource. */
export class NotFoundUuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !UUID.test(value)) throw new NotFoundException({ message: MSG.notFound });
    return value.toLowerCase();
  }
}
