import { startFakeAi, type FakeAi } from '../fake-ai';
import { freePort, spawnApiAndWorker, type ManagedProcess } from '../processes';
import { acquireStack, stackPool } from '../stack/shared';
import { startSmtpCapture, type SmtpCapture } from '../smtp/smtp-capture';

export interface StackOptions {
  /** 'fake': the fake OpenAI-compatible server (default); 'offline': no API key, the offline drafter. */
  ai?: 'fake' | 'offline';
  aiLatencyMs?: number;
  env?: Record<string, string>;
  /**
   * Processes of the file's own, stopped by its stop(): for a test that stops or restarts them. Otherwise, in a jest
   * run with shared stacks, the jest worker's stack of these settings (stop() leaves it up for the next file).
   */
  own?: boolean;
}

export interface Stack {
  /** The product's URL (api serving the built web app). */
  url: string;
  smtp: SmtpCapture;
  ai: FakeAi | null;
  api: ManagedProcess;
  worker: ManagedProcess;
  stop(): Promise<void>;
}

/**
 * The whole product as `npm start` runs it: the built api (serving web/dist) and worker processes on the
 * test run's PostgreSQL and Redis, a real SMTP server and the fake AI. Requires `npm run build` first.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  if (!options.own && stackPool()) {
    const shared = await acquireStack({ ai: options.ai ?? 'fake', aiLatencyMs: options.aiLatencyMs ?? 200, env: options.env });
    return { url: shared.url, smtp: shared.smtp, ai: shared.ai, api: shared.api, worker: shared.worker, stop: async () => undefined };
  }
  const smtp = await startSmtpCapture();
  const ai = options.ai === 'offline' ? null : await startFakeAi({ latencyMs: options.aiLatencyMs ?? 200 });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    SMTP_URL: smtp.url,
    APP_URL: url,
    OPENAI_API_KEY: ai ? 'e2e-key' : '',
    OPENAI_BASE_URL: ai ? ai.url : '',
    OPENAI_TIMEOUT_MS: '10000',
    // Failures surface in seconds, not the production backoff of about half a minute.
    GENERATION_RETRY_BASE_MS: '200',
    AI_RETRY_BASE_MS: '100',
    // Ready when their health endpoints answer (the worker's on a port of its own), not when a log line appears.
    LOG_LEVEL: 'info',
    ...options.env,
  };
  const { api, worker } = await spawnApiAndWorker(port, env).catch(async (error: unknown) => {
    await ai?.close();
    await smtp.close();
    throw error;
  });
  return {
    url,
    smtp,
    ai,
    api,
    worker,
    async stop() {
      await api.stop();
      await worker.stop();
      await ai?.close();
      await smtp.close();
    },
  };
}
