import { z } from 'zod';
import { GENERATION_STATES } from './domain';

/** Progress of a plan's generation, published by the worker and forwarded to the plan's owner only. */
export const PLAN_PROGRESS_TYPES = [
  'queued',
  'started',
  'lesson-started',
  'lesson-done',
  'lesson-failed',
  'done',
  'failed',
] as const;

export const planProgressEventSchema = z.object({
  planId: z.uuid(),
  type: z.enum(PLAN_PROGRESS_TYPES),
  state: z.enum(GENERATION_STATES),
  done: z.number().int().min(0),
  total: z.number().int().min(0),
  numeroAula: z.number().int().min(1).optional(),
  error: z.string().nullish(),
  creditRefunded: z.boolean().optional(),
  at: z.string(),
});
export type PlanProgressEvent = z.infer<typeof planProgressEventSchema>;

/** The socket.io event map shared by the api gateway, the worker's emitter and the web client. */
export interface ServerToClientEvents {
  'plan:progress': (event: PlanProgressEvent) => void;
}
export interface ClientToServerEvents {
  'plan:watch': (planId: string) => void;
}
export const SOCKET_PATH = '/socket.io';
export const userRoom = (userId: string) => `user:${userId}`;
