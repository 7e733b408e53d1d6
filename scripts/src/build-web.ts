import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/** What the web build reads: when none of it changed since web/dist was written, the build is skipped. */
export const WEB_INPUTS = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'web/tsconfig.json', 'libs/contracts/src'];

/** Newest modification time under a file or folder (0 when it does not exist). */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file changes its folder's time
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsFresh(root = repoRoot): boolean {
  const built = join(root, 'web/dist/index.html');
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return WEB_INPUTS.every((input) => newestMtime(join(root, input)) <= builtAt);
}

function main(): void {
  if (!process.argv.includes('--force') && webBuildIsFresh()) {
    console.log('web/dist está em dia: build da web pulado / web build is up to date');
    return;
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '--silent', '-w', '@planejador/web'], { cwd: repoRoot, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

if (require.main === module) main();
