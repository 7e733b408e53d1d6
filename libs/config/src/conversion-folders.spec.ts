import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { conversionFolder, endOrphanedConversions, ensureConversionFolder, forgetGroup, recordGroup, removeFoldersOfGoneOwners } from './conversion-folders';

/** Pids above the kernel's pid_max (4,194,304 at most) belong to no process: folders of owners surely gone. */
const GONE = 4_999_000;
const LIVE = 4_999_001;

describe('conversion folders (one per worker process; the launcher ends the orphans of a dead one)', () => {
  afterEach(() => {
    for (const pid of [GONE, LIVE]) rmSync(conversionFolder(pid), { recursive: true, force: true });
  });

  it("at a worker's start, removes only the folders whose owner is gone, never a live one's nor its own", () => {
    const own = ensureConversionFolder();
    for (const pid of [GONE, LIVE]) mkdirSync(conversionFolder(pid), { recursive: true });
    removeFoldersOfGoneOwners((pid) => pid === LIVE);
    expect(existsSync(conversionFolder(GONE))).toBe(false);
    expect(existsSync(conversionFolder(LIVE))).toBe(true);
    expect(existsSync(own)).toBe(true);
  });

  it('the launcher kills each process group still marked in a dead worker\'s folder, and removes the folder', async () => {
    const folder = conversionFolder(GONE);
    mkdirSync(folder, { recursive: true });
    // A stand-in for an orphaned soffice: its own process group, as the worker starts one.
    const orphan = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => orphan.once('exit', (_code, signal) => resolve(signal)));
    recordGroup(folder, orphan.pid!);
    recordGroup(folder, 4_999_999); // a mark whose group is already gone
    recordGroup(folder, 4_999_998);
    forgetGroup(folder, 4_999_998); // a conversion that ended: no mark left
    expect(readdirSync(folder).sort()).toEqual([`group-${orphan.pid}`, 'group-4999999']);

    expect(endOrphanedConversions(GONE)).toEqual([orphan.pid]);
    expect(await ended).toBe('SIGKILL');
    expect(existsSync(folder)).toBe(false);
    expect(endOrphanedConversions(GONE)).toEqual([]);
  });
});
