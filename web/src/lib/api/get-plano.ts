import type { Plano } from '@planejador/contracts';
import { http } from '@/lib/http';

// Shared read: the generating screen and the plan page both read one plan (each with its own refresh policy).

/** How often a page asks the api while the plan (or one of its lessons) is being written. */
export const GENERATION_POLL_MS = 2000;

/** GET /api/planos/{id}: the plan with its lessons and generation state; 404 for a missing plan or another user's. */
export function getPlano(id: string): Promise<Plano> {
  return http.get<Plano>(`/api/planos/${encodeURIComponent(id)}`);
}
