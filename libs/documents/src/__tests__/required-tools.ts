import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The commands of `commands` that no folder of `path` (a PATH) holds as an executable file, in their order. */
export function missingCommands(commands: readonly string[], path = process.env.PATH ?? ''): string[] {
  const folders = path.split(delimiter).filter(Boolean);
  return commands.filter((command) => !folders.some((folder) => isExecutableFile(join(folder, command))));
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether the tests run in CI: the CI variable set, to anything but '', '0' or 'false'. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/**
 * Whether a suite that needs outside programs (LibreOffice, poppler) can run. When some are missing it is
 * skipped with a warning on a developer's machine, but fails in CI: there they are installed by .ci/run, and a
 * failed install must not pass as a skipped suite. Call it when the test file loads: what it throws fails the
 * file ("Test suite failed to run", with the message).
 */
export function requireCommands(
  commands: readonly string[],
  { suite, install }: { suite: string; install: string },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  const missing = missingCommands(commands, env.PATH ?? '');
  if (!missing.length) return true;
  if (inCi(env)) {
    throw new Error(`${suite}: ${missing.join(', ')} not found on PATH, and CI is set, so the suite fails instead of being skipped (${install}; see .ci/run's log for why it was not installed).`);
  }
  console.warn(`${suite}: ${missing.join(', ')} not installed, the suite is skipped (${install}).`);
  return false;
}
