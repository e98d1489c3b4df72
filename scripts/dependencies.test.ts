// The code that ships (functions/, shared/, web/src, tests and test helpers aside) imports only packages listed in
// package.json's dependencies: a package it needs that is only a devDependency is missing from a production install.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { moduleImports, shippedModules } from './module-imports';

const root = join(__dirname, '..');

/** The package a bare specifier names (`@mui/material/Button` → `@mui/material`); null for paths and builtins. */
function packageOf(specifier: string): string | null {
  if (/^(\.|\/|@\/|@shared\/|node:)/.test(specifier)) return null;
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  return builtinModules.includes(name) ? null : name;
}

/** Each package the shipped files import, with the files that import it. */
function shippedImports(): Map<string, string[]> {
  const byPackage = new Map<string, string[]>();
  for (const { file, code } of shippedModules(root)) {
    for (const specifier of moduleImports(file, code)) {
      const name = packageOf(specifier);
      if (name) byPackage.set(name, [...(byPackage.get(name) ?? []), file]);
    }
  }
  return byPackage;
}

describe('the dependencies of the code that ships', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

  it('lists every package the code outside tests imports in dependencies, none only in devDependencies', () => {
    const imports = shippedImports();
    const misplaced = [...imports]
      .filter(([name]) => !manifest.dependencies?.[name])
      .map(([name, files]) => {
        const where = manifest.devDependencies?.[name] ? 'only a devDependency' : 'not in package.json';
        return `${name} (${where}), imported by ${[...new Set(files)].join(', ')}`;
      });
    expect(imports.size).toBeGreaterThan(10);
    expect(misplaced).toEqual([]);
  });

  it('reads run-time imports of every form and leaves type-only ones out', () => {
    const code = [
      "import type { Handler } from 'aws-lambda';",
      "import { type Readable } from 'a-type-package';",
      "import Button from '@mui/material/Button';",
      "import { jwtVerify, type JWTPayload } from 'jose';",
      "import './side-effect';",
      "export { parse } from 'csv-parse/sync';",
      "export type { Schema } from 'a-type-package';",
      "const busboy = require('busboy');",
      "const later = () => import('@nivo/line');",
      "import { readFileSync } from 'node:fs';",
      "import { join } from 'path';",
      "import { paths } from '@/config/paths';",
      "import { PLAN } from '@shared/constants';",
    ].join('\n');
    const packages = moduleImports('fixture.ts', code).map(packageOf).filter(Boolean);
    expect(packages).toEqual(['@mui/material', 'jose', 'csv-parse', 'busboy', '@nivo/line']);
  });
});
