// The code that ships and what each module of it imports, read with TypeScript's parser: for the tests that check the
// code's dependencies (dependencies.test.ts) and its import graph (import-circles.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The folders whose code ships: the functions, the code both sides share and the web app. */
export const SHIPPED_FOLDERS = ['functions', 'shared', 'web/src'];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs)$/;
/** Tests and test helpers. */
export const TEST_CODE = /\.test\.tsx?$|(^|\/)testing\//;

/** Each source file of the shipped folders, tests aside, as a path from `root` with its text. */
export function* shippedModules(root: string): Generator<{ file: string; code: string }> {
  for (const folder of SHIPPED_FOLDERS) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      const file = `${folder}/${entry.split('\\').join('/')}`;
      if (SOURCE_FILE.test(file) && !TEST_CODE.test(file)) yield { file, code: readFileSync(join(root, file), 'utf8') };
    }
  }
}

/**
 * The specifiers a module imports: static, dynamic (with a literal name) and `require`. Type-only imports are erased at
 * run time, so they are left out unless `types` asks for them.
 */
export function moduleImports(fileName: string, code: string, { types = false } = {}): string[] {
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
      if (types || !onlyTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (types || !node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      (types || !node.isTypeOnly) &&
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
