import { HttpException } from '@nestjs/common';
import type { Settings } from '@planejador/config';
import type { CurriculumRecord, CurriculumService } from '@planejador/curriculum';
import type { ExportFilesRepository } from '@planejador/db';
import type { JobProducer } from '@planejador/queue';
import type { ExportSlots } from '../src/core/export-slots';
import { WorkerDocuments, type WorkerDocument } from '../src/core/worker-documents';
import { SkillScope } from '../src/planos/skill-scope';

/**
 * What a service's unit spec gives it instead of PostgreSQL (the integration specs keep the real one): libs/testing's
 * fakeDatabase (a transaction runs its function), and repositories whose every method is a jest.fn() (undefined
 * until the spec says what it answers).
 */
export { fakeDatabase } from '@planejador/testing';

/** A repository (or any class) with a jest.fn() for each method the service calls; typed as the real one. */
export function mockOf<T extends object>(): jest.Mocked<T> {
  const methods = new Map<PropertyKey, jest.Mock>();
  return new Proxy({} as jest.Mocked<T>, {
    get(_, key) {
      // Not a promise: awaiting the repository itself must not call a `then` method.
      if (key === 'then') return undefined;
      if (!methods.has(key)) methods.set(key, jest.fn());
      return methods.get(key);
    },
  });
}

/** The status and message of the HttpException a service call is refused with (fails the spec if it resolves). */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err: unknown = await call.then(
    () => new Error('the call was not refused'),
    (e: unknown) => e,
  );
  if (!(err instanceof HttpException)) throw err;
  return { status: err.getStatus(), message: (err.getResponse() as { message: string }).message };
}

/**
 * WorkerDocuments over a fake export queue (export time-out 5000 ms): no earlier job of the id, the job ends with
 * file-1, and takeExportFile gives the file given once per call until the spec says otherwise; the user's export slot
 * is always free (`slot.release` records when it is given back).
 */
export function fakeWorkerDocuments(file: WorkerDocument) {
  const exportFiles = mockOf<ExportFilesRepository>();
  const producer = mockOf<JobProducer>();
  const job = { waitUntilFinished: jest.fn().mockResolvedValue({ fileId: 'file-1' }) };
  producer.jobState.mockResolvedValue({ state: 'missing' });
  producer.removeJob.mockResolvedValue(undefined);
  producer.enqueue.mockResolvedValue(job as never);
  producer.queueEvents.mockReturnValue({ name: 'export events' } as never);
  exportFiles.takeExportFile.mockResolvedValue({ ...file, bytes: file.content.length });
  const slots = mockOf<ExportSlots>();
  const slot = { release: jest.fn().mockResolvedValue(undefined) };
  slots.take.mockResolvedValue(slot);
  const documents = new WorkerDocuments(exportFiles, producer, { EXPORT_TIMEOUT_MS: 5000 } as Settings, slots);
  return { documents, exportFiles, producer, job, slots, slot };
}

/** One skill of the fake curriculum: its code, year, subject and official text. */
export interface FakeSkill {
  code: string;
  ano: string;
  materia: string;
  description: string;
}

/** A small curriculum: two skills of the 5º ano's Matemática and one of the 6º ano's (no Inglês before the 6º). */
export const FAKE_SKILLS: readonly FakeSkill[] = [
  { code: 'EF05MA03', ano: '5', materia: 'matematica', description: 'Identificar e representar frações.' },
  { code: 'EF05MA04', ano: '5', materia: 'matematica', description: 'Identificar frações equivalentes.' },
  { code: 'EF06MA07', ano: '6', materia: 'matematica', description: 'Compreender frações em diferentes significados.' },
];

/** The api's real SkillScope on an in-memory curriculum of these skills (every stage alike). */
export function skillScopeOf(skills: readonly FakeSkill[] = FAKE_SKILLS): SkillScope {
  const curriculum = mockOf<CurriculumService>();
  curriculum.validCodes.mockImplementation(async (ano, materia) => new Set(skills.filter((s) => s.ano === String(ano) && s.materia === materia).map((s) => s.code)));
  curriculum.findByCodes.mockImplementation(async (codes) =>
    codes.flatMap((code) => skills.filter((s) => s.code === code).map((s) => ({ code: s.code, description: s.description }) as CurriculumRecord)),
  );
  return new SkillScope(curriculum);
}
