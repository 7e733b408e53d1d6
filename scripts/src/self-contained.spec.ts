import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

// What .gitignore keeps out of the repository (installs, builds, local data): never part of a clone.
const IGNORED_DIRS = new Set(['.git', 'node_modules', 'dist', '.data', '.node', 'coverage', 'artifacts']);

/** Tracked files; in an unpacked copy (CI runs on one), every file outside what .gitignore keeps out. */
function trackedFiles(): string[] {
  if (existsSync(join(repoRoot, '.git'))) {
    return execFileSync('git', ['-c', 'safe.directory=*', 'ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0').filter(Boolean);
  }
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!IGNORED_DIRS.has(entry.name)) walk(path);
      } else if (entry.isFile() && !/\.tsbuildinfo$|^\.env$|\.log$/.test(entry.name)) {
        files.push(path);
      }
    }
  };
  walk('');
  return files;
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

  it('finds the files to check, from a git checkout or an unpacked copy', () => {
    expect(trackedFiles()).toEqual(expect.arrayContaining(['README.md', 'package.json', 'libs/curriculum/data/bncc-ef.json']));
  });
});
