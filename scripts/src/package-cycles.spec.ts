import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findPackageCycle, readWorkspacePackages } from './package-cycles';
import { repoRoot } from './paths';

describe('cycles between the workspace packages', () => {
  it('finds none in this repository, where libs/contracts depends on no package of ours', () => {
    const packages = readWorkspacePackages(repoRoot);
    expect(packages.map((pkg) => pkg.name)).toEqual(expect.arrayContaining(['@planejador/contracts', '@planejador/api', '@planejador/web']));
    expect(packages.find((pkg) => pkg.name === '@planejador/contracts')?.uses).toEqual([]);
    expect(packages.find((pkg) => pkg.name === '@planejador/web')?.uses).toEqual(['@planejador/contracts']);
    expect(findPackageCycle(packages)).toBeNull();
  });

  it('names the packages of a cycle, through any dependency field, and ignores outside packages', () => {
    const root = mkdtempSync(join(tmpdir(), 'package-cycles-'));
    try {
      const write = (dir: string, manifest: object) => {
        mkdirSync(join(root, dir), { recursive: true });
        writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest));
      };
      write('.', { name: 'root', workspaces: ['libs/a', 'libs/b', 'libs/c', 'app'] });
      write('libs/a', { name: '@x/a', dependencies: { zod: '^4', '@x/b': '1' } });
      write('libs/b', { name: '@x/b', devDependencies: { '@x/c': '1' } });
      write('libs/c', { name: '@x/c', peerDependencies: { '@x/a': '1' } });
      write('app', { name: '@x/app', dependencies: { '@x/a': '1' } });
      const packages = readWorkspacePackages(root);
      expect(packages.find((pkg) => pkg.name === '@x/a')?.uses).toEqual(['@x/b']);
      expect(findPackageCycle(packages)).toEqual(['@x/a', '@x/b', '@x/c', '@x/a']);

      write('libs/c', { name: '@x/c' });
      expect(findPackageCycle(readWorkspacePackages(root))).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('sees a package that depends on itself', () => {
    expect(findPackageCycle([{ name: 'a', uses: ['a'] }])).toEqual(['a', 'a']);
  });
});
