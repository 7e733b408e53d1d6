import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { repoRoot } from './paths';
import { tierOf } from './test-summary';

/** What jest hands a sequencer: a test file's path (the rest is not read here). */
interface TestFile {
  path: string;
}

/**
 * Milliseconds a byte of a test file costs, by tier: an e2e file drives Chromium through whole journeys, a file with
 * processes of its own starts and kills them, a stack file waits on the api and the worker, the rest runs in process
 * (measured on this project's files, bench/README.md "Test suite").
 */
const MS_PER_BYTE: Record<string, number> = { e2e: 5, 'own processes': 2.5, stack: 0.8, rules: 0.4, web: 0.2, unit: 0.05 };

/** A file's expected time: its size at its tier's cost. */
export function expectedMs(file: string, bytes: number): number {
  return bytes * (MS_PER_BYTE[tierOf(file)] ?? 1);
}

/**
 * The costliest files first, whatever the machine (a fresh clone has no timings of an earlier run): every jest
 * worker is busy until the end, instead of one long e2e file starting last and running alone.
 */
export default class CostliestFirst {
  sort<T extends TestFile>(tests: T[]): T[] {
    const cost = new Map(tests.map((test) => [test, expectedMs(relative(repoRoot, test.path), sizeOf(test.path))]));
    return [...tests].sort((a, b) => cost.get(b)! - cost.get(a)!);
  }

  /** Jest offers the run's results for the next order; this order needs none. */
  cacheResults(): void {}
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
