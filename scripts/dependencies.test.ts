// The code that ships (functions/, shared/, web/src, tests and test helpers aside) imports only packages listed in
// package.json's dependencies: a package it needs that is only a devDependency is missing from a production install.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';

const root = join(__dirname, '..');
const SHIPPED_FOLDERS = ['functions', 'shared', 'web/src'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs)$/;
const TEST_CODE = /\.test\.tsx?$|(^|\/)testing\//;

/** The package a bare specifier names (`@mui/material/Button` → `@mui/material`); null for paths and builtins. */
function packageOf(specifier: string): string | null {
  if (/^(\.|\/|@\/|@shared\/|node:)/.test(specifier)) return null;
  const name = specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
  return builtinModules.includes(name) ? null : name;
}

/** The specifiers a module imports at run time: static, dynamic and `require`; type-only imports are erased. */
function runtimeImports(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause && !clause.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0
          ? bindings.elements.every((element) => element.isTypeOnly)
          : false);
      if (!onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      !node.isTypeOnly &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0]!)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require'))
        found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Each package the shipped files import, with the files that import it. */
function shippedImports(): Map<string, string[]> {
  const byPackage = new Map<string, string[]>();
  for (const folder of SHIPPED_FOLDERS) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      const file = `${folder}/${entry.split('\\').join('/')}`;
      if (!SOURCE_FILE.test(file) || TEST_CODE.test(file)) continue;
      for (const specifier of runtimeImports(file, readFileSync(join(root, file), 'utf8'))) {
        const name = packageOf(specifier);
        if (name) byPackage.set(name, [...(byPackage.get(name) ?? []), file]);
      }
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
    const packages = runtimeImports('fixture.ts', code).map(packageOf).filter(Boolean);
    expect(packages).toEqual(['@mui/material', 'jose', 'csv-parse', 'busboy', '@nivo/line']);
  });
});
