import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { webBuildIsFresh } from './build-web';

function write(root: string, path: string, at: Date): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  utimesSync(file, at, at);
  utimesSync(dirname(file), at, at);
}

describe('web build skip check', () => {
  const earlier = new Date('2026-01-01T10:00:00Z');
  const later = new Date('2026-01-01T11:00:00Z');

  it('builds when web/dist does not exist', () => {
    const root = mkdtempSync(join(tmpdir(), 'planejador-web-'));
    write(root, 'web/src/main.tsx', earlier);
    expect(webBuildIsFresh(root)).toBe(false);
  });

  it('skips when web/dist is newer than the web sources and the contracts', () => {
    const root = mkdtempSync(join(tmpdir(), 'planejador-web-'));
    write(root, 'web/src/main.tsx', earlier);
    write(root, 'libs/contracts/src/index.ts', earlier);
    write(root, 'web/dist/index.html', later);
    expect(webBuildIsFresh(root)).toBe(true);
  });

  it('builds again after a contract changes', () => {
    const root = mkdtempSync(join(tmpdir(), 'planejador-web-'));
    write(root, 'web/src/main.tsx', earlier);
    write(root, 'web/dist/index.html', earlier);
    write(root, 'libs/contracts/src/messages.ts', later);
    expect(webBuildIsFresh(root)).toBe(false);
  });
});
