/**
 * What a started stack (api + worker) runs with. Test files asking for the same profile in one jest worker share
 * one stack: it is started by the first of them and kept for the others (libs/testing/src/stack/pool.ts).
 */
export interface StackProfile {
  /** 'fake' (default): the fake OpenAI-compatible server; 'offline': no API key, the offline drafter. */
  ai?: 'fake' | 'offline';
  /** The fake AI's wait before every answer (default 10 ms). */
  aiLatencyMs?: number;
  /** The fake AI's streaming pace (default: its own, 4,000 tokens a second). */
  aiTokensPerSecond?: number;
  /** Settings of both processes, over the test defaults (TEST_PROCESS_DEFAULTS) and the stack's own. */
  env?: Record<string, string>;
}

/**
 * What both processes of a started stack run with before the profile's own settings (over TEST_PROCESS_DEFAULTS):
 * info logs, as `npm start` (some tests read them), and an AI call's time-out fit for a loaded test machine.
 */
export const STACK_BASE_ENV: Readonly<Record<string, string>> = {
  LOG_LEVEL: 'info',
  OPENAI_TIMEOUT_MS: '20000',
};

/** The profile with its defaults filled in, so that equal settings make one key. */
export function normalizeProfile(profile: StackProfile = {}): Required<Omit<StackProfile, 'aiTokensPerSecond'>> & Pick<StackProfile, 'aiTokensPerSecond'> {
  const ai = profile.ai ?? 'fake';
  return {
    ai,
    aiLatencyMs: ai === 'fake' ? (profile.aiLatencyMs ?? 10) : 0,
    aiTokensPerSecond: ai === 'fake' ? profile.aiTokensPerSecond : undefined,
    // A setting equal to the base's is no setting of the profile's own: it does not make another stack.
    env: Object.fromEntries(
      Object.entries(profile.env ?? {})
        .filter(([key, value]) => STACK_BASE_ENV[key] !== value)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  };
}

/** A stable key of the profile (same settings, same key, whatever the order they were written in). */
export function profileKey(profile: StackProfile = {}): string {
  return JSON.stringify(normalizeProfile(profile));
}
