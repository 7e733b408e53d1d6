import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

// import-x/no-cycle sees cycles between modules of one package; packages import each other by name, and a cycle
// between them (libs/db needing libs/curriculum needing libs/db) is found here, from each package.json. knip keeps
// those lists honest: a package that imports another without listing it fails as an unlisted dependency.

interface WorkspacePackage {
  name: string;
  /** The names of the other workspace packages it depends on. */
  uses: string[];
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

type PackageJson = { name?: string; workspaces?: string[] } & Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, string>>>;

const readPackageJson = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

/** The workspace packages of the repository at `root` and, for each, the workspace packages it depends on. */
export function readWorkspacePackages(root: string): WorkspacePackage[] {
  const manifests = (readPackageJson(root).workspaces ?? []).map((dir) => readPackageJson(join(root, dir)));
  const names = new Set(manifests.map((manifest) => manifest.name).filter((name): name is string => Boolean(name)));
  return manifests
    .filter((manifest): manifest is PackageJson & { name: string } => Boolean(manifest.name))
    .map((manifest) => ({
      name: manifest.name,
      uses: [...new Set(DEPENDENCY_FIELDS.flatMap((field) => Object.keys(manifest[field] ?? {})))].filter((dep) => names.has(dep)),
    }));
}

/** The first cycle found, as the path that closes it (a → b → a), or null when the graph has none. */
export function findPackageCycle(packages: WorkspacePackage[]): string[] | null {
  const uses = new Map(packages.map((pkg) => [pkg.name, pkg.uses]));
  const finished = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    const open = path.indexOf(name);
    if (open >= 0) return [...path.slice(open), name];
    if (finished.has(name)) return null;
    path.push(name);
    for (const next of uses.get(name) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    finished.add(name);
    return null;
  };
  for (const pkg of packages) {
    const cycle = visit(pkg.name);
    if (cycle) return cycle;
  }
  return null;
}

if (require.main === module) {
  const packages = readWorkspacePackages(repoRoot);
  const cycle = findPackageCycle(packages);
  if (cycle) {
    process.stderr.write(`Ciclo entre pacotes do projeto: ${cycle.join(' → ')}. Mova o que os dois usam para um pacote de baixo.\n`);
    process.exit(1);
  }
  process.stdout.write(`Nenhum ciclo entre os ${packages.length} pacotes do projeto.\n`);
}
