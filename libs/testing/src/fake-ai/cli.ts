#!/usr/bin/env node
/**
 * Starts the fake OpenAI-compatible server for benchmarks and manual runs:
 *   node libs/testing/dist/fake-ai/cli.js --port 4010 --latency 300 [--tokens-per-second 40 (default 4000)]
 * Prints its base URL (use it as OPENAI_BASE_URL, with any OPENAI_API_KEY). Script failures over HTTP:
 *   curl -X POST http://127.0.0.1:4010/__fake/script -d '[{"status":429,"headers":{"retry-after":"1"}}]'
 */
import { startFakeAi } from './fake-ai-server';

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  return args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

function numberOption(name: string, fallback: number): number {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`--${name} deve ser um número inteiro >= 0 (recebido: ${raw})\n`);
    process.exit(2);
  }
  return value;
}

async function main(): Promise<void> {
  const fake = await startFakeAi({
    port: numberOption('port', 4010),
    host: option('host') ?? '127.0.0.1',
    latencyMs: numberOption('latency', 0),
    tokensPerSecond: numberOption('tokens-per-second', 4000),
  });
  process.stdout.write(`${fake.url}\n`);
  process.stderr.write(`fake AI listening (POST /v1/chat/completions; control under /__fake/); Ctrl+C stops it\n`);
  const stop = () => {
    void fake.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
