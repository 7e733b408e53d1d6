import { HttpException, HttpStatus } from '@nestjs/common';
import { LIMITS, MSG } from '@planejador/contracts';
import type { CreditsRepository, GenerationAdmission, GenerationBounds } from '@planejador/db';

/** The per-user bounds on first generations, plans and assessments together (decisions.md, "Sessions and security"). */
export const GENERATION_BOUNDS: GenerationBounds = {
  inFlightMax: LIMITS.generationsInFlightMax,
  perMinute: LIMITS.generationsPerMinute,
  perHour: LIMITS.generationsPerHour,
  failedPerHour: LIMITS.generationsFailedPerHour,
};

const REFUSALS: Record<Exclude<GenerationAdmission, 'admitted'>, string> = {
  failed: MSG.generationsFailed,
  'in-flight': MSG.generationsInFlight,
  'per-minute': MSG.generationsPerMinute,
  'per-hour': MSG.generationsPerHour,
};

/**
 * Admits the user's plan or assessment, or refuses it with 429 and the bound's Portuguese message. Call it inside
 * the transaction that charges and stores it (the count and the record are one with the charge).
 */
export async function admitGeneration(credits: CreditsRepository, userId: string, kind: 'plano' | 'avaliacao'): Promise<void> {
  const admission = await credits.admitGeneration(userId, kind, GENERATION_BOUNDS);
  if (admission !== 'admitted') throw new HttpException({ message: REFUSALS[admission] }, HttpStatus.TOO_MANY_REQUESTS);
}
