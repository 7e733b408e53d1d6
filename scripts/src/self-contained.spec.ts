import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/** Tracked files, or none when this is not a git checkout (an unpacked archive). */
function trackedFiles(): string[] {
  if (!existsSync(join(repoRoot, '.git'))) return [];
  return execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
}

describe('a clone of the repository is self-contained', () => {
  it('ships the curriculum data, its sources and its licence', () => {
    const dir = join(repoRoot, 'libs/curriculum/data');
    const data = readFileSync(join(dir, 'bncc-ef.json'));
    const records = JSON.parse(data.toString('utf8')) as unknown[];
    expect(records).toHaveLength(1304);
    const sources = readFileSync(join(dir, 'SOURCES.md'), 'utf8');
    // SOURCES.md states the file's hash: the shipped copy is the documented one.
    expect(sources).toContain(createHash('sha256').update(data).digest('hex'));
    expect(readFileSync(join(dir, 'LICENSE.md'), 'utf8')).toContain('bncc.dev (mantido pela Profy)');
  });

  it('no tracked file reaches for a folder beside the repository', () => {
    const outside = /\.\.\/shared\b|shared\/curriculum/;
    const offenders = trackedFiles()
      .filter((file) => !file.endsWith('package-lock.json') && !file.startsWith('libs/curriculum/data/'))
      .filter((file) => existsSync(join(repoRoot, file)) && outside.test(readFileSync(join(repoRoot, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
