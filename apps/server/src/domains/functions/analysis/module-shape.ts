import type { AnyNode } from 'acorn';
import { type Binding, type FunctionNode, isFunction, type ModuleIndex } from './module-index';

export const NO_DEFAULT_EXPORT = 'The module has no default export: add `export default async function (args, variables) { … }`.';
export const IMPORTS_REFUSED = 'Functions cannot import modules; everything they need is built in (fetch, console, setTimeout).';

/** Why the module cannot run as a function (imports, no default export), or null. */
export function moduleShapeProblem(index: ModuleIndex): string | null {
  const importsSomething =
    index.nodes('ImportDeclaration').length > 0 ||
    index.nodes('ImportExpression').length > 0 ||
    index.nodes('ExportAllDeclaration').length > 0 ||
    index.nodes('ExportNamedDeclaration').some((declaration) => declaration.source);
  if (importsSomething) return IMPORTS_REFUSED;
  return defaultExport(index) ? null : NO_DEFAULT_EXPORT;
}

/** The function the module exports as default, when the code shows which one it is. */
export function defaultExportFunction(index: ModuleIndex): FunctionNode | null {
  const exported = defaultExport(index);
  if (!exported) return null;
  if (isFunction(exported)) return exported;
  if (exported.type !== 'Identifier') return null;
  const init = index.declaredIn(index.program)?.get(exported.name)?.init;
  return init && isFunction(init) ? init : null;
}

/** The binding of the default export's second parameter (the merchant's stored variables), if it is a plain name. */
export function variablesBinding(index: ModuleIndex, fn: FunctionNode): Binding | null {
  let param = fn.params[1];
  if (param?.type === 'AssignmentPattern') param = param.left;
  if (param?.type !== 'Identifier') return null;
  return index.declaredIn(fn)?.get(param.name) ?? null;
}

function defaultExport(index: ModuleIndex): AnyNode | null {
  for (const statement of index.program.body) {
    if (statement.type === 'ExportDefaultDeclaration') return statement.declaration as AnyNode;
    if (statement.type !== 'ExportNamedDeclaration') continue;
    for (const specifier of statement.specifiers) {
      const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
      if (exported === 'default') return specifier.local as AnyNode;
    }
  }
  return null;
}
