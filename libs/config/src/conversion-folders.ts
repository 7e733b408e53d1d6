import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the worker renders and converts documents: under the system's temporary folder, one folder per worker process,
 * named by its pid. Each process group the worker starts for a document (a render child, a LibreOffice conversion)
 * leaves a `group-<pgid>` mark there while it runs, so the launcher can end the orphans of a worker that died. Here
 * (and not in the worker) because the launcher and the worker both read this layout.
 */
export function conversionRoot(): string {
  return join(tmpdir(), 'planejador-conversions');
}

/** The folder of one worker process (this one by default). */
export function conversionFolder(ownerPid: number = process.pid): string {
  return join(conversionRoot(), String(ownerPid));
}

/** Creates this process's folder (at the worker's start) and returns it. */
export function ensureConversionFolder(): string {
  const folder = conversionFolder();
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Marks a process group as working for this folder's owner, until forgetGroup. */
export function recordGroup(folder: string, pgid: number): void {
  writeFileSync(join(folder, `group-${pgid}`), '');
}

export function forgetGroup(folder: string, pgid: number): void {
  rmSync(join(folder, `group-${pgid}`), { force: true });
}

/** True when a process with this pid exists (also one of another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** SIGKILL to a whole process group (a render child, a LibreOffice conversion); one already gone is no error. */
export function killGroup(pgid: number | undefined): boolean {
  if (!pgid) return false;
  try {
    process.kill(-pgid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/** The owners' pids of the folders present, each with its folder. */
function ownedFolders(): { pid: number; folder: string }[] {
  let names: string[];
  try {
    names = readdirSync(conversionRoot());
  } catch {
    return [];
  }
  return names.filter((name) => /^\d+$/.test(name)).map((name) => ({ pid: Number(name), folder: join(conversionRoot(), name) }));
}

/**
 * At a worker's start: removes the folders whose owner process is gone, never one of a process still running (other
 * workers on this machine convert in theirs). Returns how many went.
 */
export function removeFoldersOfGoneOwners(alive: (pid: number) => boolean = processAlive): number {
  let removed = 0;
  for (const { pid, folder } of ownedFolders()) {
    if (pid === process.pid || alive(pid)) continue;
    rmSync(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * The launcher, once a worker process has ended: kills the process groups still marked in its folder (a conversion
 * or a render the worker could no longer end) and removes the folder. Returns the groups it signalled.
 */
export function endOrphanedConversions(ownerPid: number): number[] {
  const folder = conversionFolder(ownerPid);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const ended: number[] = [];
  for (const name of names) {
    const pgid = Number(/^group-(\d+)$/.exec(name)?.[1]);
    if (pgid && pgid !== process.pid && killGroup(pgid)) ended.push(pgid);
  }
  rmSync(folder, { recursive: true, force: true });
  return ended;
}
