import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, what: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => protocols.test(v), { message: `deve ser uma URL ${what}` })
      .optional(),
  );
const int = (def: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(def));

export const settingsSchema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
    PORT: int(3000, 1, 65535),
    /** api processes sharing PORT on this machine (node:cluster): one per core serves more requests at once. */
    API_PROCESSES: int(1, 1, 64),
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    APP_URL: optionalUrl(/^https?:\/\//, 'http(s)'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres://'),
    REDIS_URL: optionalUrl(/^rediss?:\/\//, 'redis://'),
    /** Connections of each process's main PostgreSQL pool (the api's and the worker's; each also has a small one). */
    DATABASE_POOL_MAX: int(10, 1, 200),
    /** Idle connections each pool keeps open, so the first request after a quiet spell does not wait for one. */
    DATABASE_IDLE_CONNECTIONS: int(2, 0, 50),
    /** Prefix of every BullMQ key, so several installs (or test runs) can share one Redis. */
    QUEUE_PREFIX: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9_-]+$/i).default('planejador')),
    SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: 'deve ter pelo menos 32 caracteres',
    }),
    SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtp:// ou smtps://'),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Planejador <nao-responda@planejador.app>')),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalUrl(/^https?:\/\//, 'http(s)'),
    OPENAI_MODEL: z.preprocess(emptyToUndefined, z.string().default('gpt-4o-mini')),
    /** Time-out of one AI call, in milliseconds. */
    OPENAI_TIMEOUT_MS: int(60000, 100, 600000),
    OPENAI_MAX_TOKENS: int(3000, 256, 32000),
    ADMIN_EMAILS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('')
        .transform((v) =>
          v
            .split(/[;,\s]+/)
            .map((e) => e.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
    CURRICULUM_DIR: optionalString,
    SENTRY_DSN: optionalString,
    /** Attempts of one lesson's AI call before the lesson fails, and the first backoff. */
    AI_ATTEMPTS: int(4, 1, 10),
    AI_RETRY_BASE_MS: int(1000, 1, 60000),
    /**
     * Bounds of a plan's first generation, over every retry, job attempt and worker restart: AI calls per lesson,
     * and per plan (this many per lesson it holds). A lesson over its bound ends failed, free to regenerate.
     */
    AI_MAX_CALLS_PER_LESSON: int(8, 1, 50),
    AI_MAX_CALLS_PER_PLAN_LESSON: int(4, 1, 50),
    /** How often the worker looks for plans and e-mails that were stored but never queued (ms). */
    SWEEP_INTERVAL_MS: int(15000, 200, 3600000),
    /** First backoff between attempts of a whole plan's generation job (doubles each time). */
    GENERATION_RETRY_BASE_MS: int(2000, 1, 600000),
    /**
     * How long a lesson's database step (its AI-call budget, storing its text) waits for PostgreSQL to come back
     * before its job steps aside (delayed, no attempt spent) to resume later. An outage never fails a lesson.
     */
    OUTAGE_WAIT_MS: int(60000, 0, 600000),
    /** How long a worker holds a job's lock; a crashed worker's job is taken over after about this long. */
    JOB_LOCK_MS: int(30000, 1000, 600000),
    /** Plans generated at the same time by one worker process. */
    WORKER_CONCURRENCY: int(4, 1, 100),
    /**
     * Generation jobs (plans and regenerations) one teacher may have running at once over every worker process:
     * her further jobs wait, so another teacher's first plan finds a free worker (fairness).
     */
    FAIR_SHARE_JOBS: int(2, 1, 100),
    /** When set, the worker answers GET /health on this port (127.0.0.1 unless WORKER_HEALTH_HOST says otherwise). */
    WORKER_HEALTH_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    WORKER_HEALTH_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
    /** Lessons of one plan generated in parallel. */
    LESSON_CONCURRENCY: int(15, 1, 15),
    /** Exports and e-mails handled at the same time by one worker process. */
    EXPORT_CONCURRENCY: int(2, 1, 50),
    MAIL_CONCURRENCY: int(2, 1, 50),
    /** First retry delay of a bulk e-mail after a transient SMTP failure (exponential, 5 attempts). */
    MAIL_RETRY_BASE_MS: int(1000, 1, 600000),
    /** Where mail goes when no SMTP_URL is set (development only). */
    MAIL_OUTBOX_DIR: optionalString,
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /**
     * Whether the api and the worker build the skill search's indexes at start (about a second of CPU), so that the
     * first search or plan does not wait for them. Tests turn it off: most of their processes never search.
     */
    SEARCH_INDEX_WARMUP: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('true')).transform((v) => v === 'true'),
    /** Directory with the built web app that the api serves. */
    WEB_DIST_DIR: optionalString,
    /** How long the api waits for an export job, in milliseconds (30000 = 30 s). */
    EXPORT_TIMEOUT_MS: int(30000, 1000, 300000),
    /**
     * Each document (plan, assessment, hand-in) is rendered in a child process of the worker: its memory cap in MB
     * (the child's V8 heap), and its time limit in ms for the .docx and the PDF together. Unset, the limit is 80% of
     * EXPORT_TIMEOUT_MS; set, it must stay below it, so the teacher reads the export's message, never a 504.
     */
    RENDER_MEMORY_MB: int(1024, 64, 16384),
    RENDER_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(500).max(300000).optional()),
    /** Rate limits (per window). */
    RATE_LIMIT_LOGIN: int(10, 1, 10000),
    RATE_LIMIT_FORGOT: int(5, 1, 10000),
    RATE_LIMIT_WINDOW_S: int(900, 1, 86400),
    /** Forgot-password answers no sooner than this, so an unknown e-mail is not told apart by timing. */
    FORGOT_PASSWORD_FLOOR_MS: int(400, 0, 5000),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
    /**
     * Production refuses to start at a plain http APP_URL (the session cookie would travel without Secure) unless
     * this says so explicitly: `true` to try it at http://localhost, without TLS.
     */
    ALLOW_INSECURE_HTTP: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')).transform((v) => v === 'true'),
  })
  .superRefine((s, ctx) => {
    if (s.RENDER_TIMEOUT_MS !== undefined && s.RENDER_TIMEOUT_MS >= s.EXPORT_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['RENDER_TIMEOUT_MS'], message: `deve ser menor que EXPORT_TIMEOUT_MS (${s.EXPORT_TIMEOUT_MS})` });
    }
    if (s.NODE_ENV === 'production' && !s.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'é obrigatório em produção' });
    }
    if (s.NODE_ENV === 'production' && !s.ALLOW_INSECURE_HTTP && !(s.APP_URL ?? '').startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_URL'],
        message:
          'em produção deve ser https://... (um proxy com TLS na frente, e TRUST_PROXY=true); para servir por http mesmo assim, sem cookie Secure, defina ALLOW_INSECURE_HTTP=true',
      });
    }
  });

export type Settings = z.output<typeof settingsSchema>;

export class SettingsError extends Error {}

/** Reads a .env file (if any) under the environment, which wins. */
export function readEnv(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Record<string, string | undefined> {
  const file = resolve(cwd, '.env');
  const fromFile = existsSync(file) ? parseDotenv(readFileSync(file)) : {};
  return { ...fromFile, ...env };
}

/** Parses and validates the settings once; a wrong value stops the process with a clear message. */
export function loadSettings(env: Record<string, string | undefined> = readEnv()): Settings {
  const parsed = settingsSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(settings)'}: ${i.message}`);
    throw new SettingsError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A document render's time limit (ms): RENDER_TIMEOUT_MS, else 80% of the api's wait for an export. */
export function renderTimeoutMs(s: Pick<Settings, 'RENDER_TIMEOUT_MS' | 'EXPORT_TIMEOUT_MS'>): number {
  return s.RENDER_TIMEOUT_MS ?? Math.max(500, Math.floor(s.EXPORT_TIMEOUT_MS * 0.8));
}

/** Hides the password part of a URL, for logs. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '***';
  }
}

export function appUrl(s: Settings): string {
  return (s.APP_URL ?? `http://localhost:${s.PORT}`).replace(/\/$/, '');
}
