import type { AnyNode, Identifier, Pattern, Program } from 'acorn';
import { fullAncestor } from 'acorn-walk';

type NodeOfType<T extends AnyNode['type']> = Extract<AnyNode, { type: T }>;

export interface Binding {
  name: string;
  kind: 'const' | 'let' | 'var' | 'param' | 'function' | 'class' | 'catch' | 'import';
  /** A const's initial value, or the function a function declaration declares. */
  init: AnyNode | null;
}

/** Parent links and resolved bindings live on the nodes themselves: a Map of every node costs
 * several times more than the walk that fills it. */
const PARENT = Symbol('parent');
const BINDING = Symbol('binding');

const MAX_EVALUATION_STEPS = 250_000;

type Linked = AnyNode & { [PARENT]?: AnyNode; [BINDING]?: Binding | null };

/**
 * One walk over the syntax tree gathers what every rule needs: each node's parent, the nodes of
 * each type in source order, and the names each scope declares. Rules then look nodes up instead
 * of walking the tree again, which keeps a large module fast to check.
 */
export class ModuleIndex {
  private readonly byType = new Map<string, AnyNode[]>();
  private readonly scopes = new Map<AnyNode, Map<string, Binding>>();
  private readonly referencesByName = new Map<string, Identifier[]>();
  private work = 0;

  constructor(readonly program: Program) {
    fullAncestor(program as AnyNode, (node, _state, ancestors, type) => {
      const parent = ancestors[ancestors.length - 2];
      (node as Linked)[PARENT] = parent;
      // Declared names reach the walker as "VariablePattern"; only reads count as references.
      if (type === 'VariablePattern') return;
      this.add(node.type, node);
      if (node.type === 'Identifier') this.addReference(node);
    });
    this.collectDeclarations();
  }

  nodes<T extends AnyNode['type']>(type: T): NodeOfType<T>[] {
    return (this.byType.get(type) ?? []) as NodeOfType<T>[];
  }

  parent(node: AnyNode): AnyNode | undefined {
    return (node as Linked)[PARENT];
  }

  /** The binding an identifier refers to, from the nearest enclosing scope; undefined for globals. */
  lookup(identifier: Identifier): Binding | undefined {
    const linked = identifier as Linked;
    let binding = linked[BINDING];
    if (binding === undefined) {
      binding = null;
      for (let scope = this.parent(identifier); scope && !binding; scope = this.parent(scope)) {
        binding = this.scopes.get(scope)?.get(identifier.name) ?? null;
      }
      linked[BINDING] = binding;
    }
    return binding ?? undefined;
  }

  /** The function a node is written in (not counting the node itself); undefined at module level. */
  enclosingFunction(node: AnyNode): FunctionNode | undefined {
    let current = this.parent(node);
    while (current && !isFunction(current)) current = this.parent(current);
    return current;
  }

  /** The identifiers that read a binding. */
  referencesTo(binding: Binding): Identifier[] {
    return (this.referencesByName.get(binding.name) ?? []).filter((reference) => this.lookup(reference) === binding);
  }

  /**
   * Counts one step of static evaluation and says whether the module's allowance is left. Consts
   * built from each other (`const b = a + a; const c = b + b; …`) make evaluation grow
   * exponentially; past the allowance values count as unknown and the check still ends quickly.
   */
  spend(): boolean {
    return ++this.work <= MAX_EVALUATION_STEPS;
  }

  get evaluationSteps(): number {
    return this.work;
  }

  /** The names a scope node (function, block, program, loop, catch clause) declares. */
  declaredIn(scope: AnyNode): Map<string, Binding> | undefined {
    return this.scopes.get(scope);
  }

  private add(type: string, node: AnyNode): void {
    const list = this.byType.get(type);
    if (list) list.push(node);
    else this.byType.set(type, [node]);
  }

  private addReference(identifier: Identifier): void {
    const list = this.referencesByName.get(identifier.name);
    if (list) list.push(identifier);
    else this.referencesByName.set(identifier.name, [identifier]);
  }

  private collectDeclarations(): void {
    for (const declaration of this.nodes('VariableDeclaration')) {
      const scope = declaration.kind === 'var' ? this.functionScope(declaration) : this.blockScope(declaration);
      const kind = declaration.kind === 'const' || declaration.kind === 'var' ? declaration.kind : 'let';
      for (const declarator of declaration.declarations) {
        const init = kind === 'const' && declarator.id.type === 'Identifier' ? (declarator.init ?? null) : null;
        this.declarePattern(scope, declarator.id, kind, init);
      }
    }
    for (const type of ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'] as const) {
      for (const fn of this.nodes(type)) {
        // A function expression's own name is visible only inside it; parameters shadow it.
        if (fn.id && fn.type === 'FunctionDeclaration') this.declare(this.blockScope(fn), fn.id.name, 'function', fn);
        else if (fn.id) this.declare(fn, fn.id.name, 'function', fn);
        for (const param of fn.params) this.declarePattern(fn, param, 'param', null);
      }
    }
    for (const cls of this.nodes('ClassDeclaration')) {
      if (cls.id) this.declare(this.blockScope(cls), cls.id.name, 'class', null);
    }
    for (const cls of this.nodes('ClassExpression')) {
      if (cls.id) this.declare(cls, cls.id.name, 'class', null);
    }
    for (const clause of this.nodes('CatchClause')) {
      if (clause.param) this.declarePattern(clause, clause.param, 'catch', null);
    }
    for (const declaration of this.nodes('ImportDeclaration')) {
      for (const specifier of declaration.specifiers) this.declare(this.program, specifier.local.name, 'import', null);
    }
  }

  private declarePattern(scope: AnyNode, pattern: Pattern, kind: Binding['kind'], init: AnyNode | null): void {
    const pending: Pattern[] = [pattern];
    for (let next = pending.pop(); next; next = pending.pop()) {
      if (next.type === 'Identifier') this.declare(scope, next.name, kind, next === pattern ? init : null);
      else if (next.type === 'AssignmentPattern') pending.push(next.left);
      else if (next.type === 'RestElement') pending.push(next.argument);
      else if (next.type === 'ArrayPattern') for (const element of next.elements) element && pending.push(element);
      else if (next.type === 'ObjectPattern')
        for (const property of next.properties) pending.push(property.type === 'RestElement' ? property.argument : property.value);
    }
  }

  private declare(scope: AnyNode, name: string, kind: Binding['kind'], init: AnyNode | null): void {
    let names = this.scopes.get(scope);
    if (!names) {
      names = new Map();
      this.scopes.set(scope, names);
    }
    names.set(name, { name, kind, init });
  }

  /** Where let, const, class and function declarations live: the enclosing block, loop head or program. */
  private blockScope(declaration: AnyNode): AnyNode {
    let scope = this.parent(declaration) ?? this.program;
    if (scope.type === 'ExportNamedDeclaration' || scope.type === 'ExportDefaultDeclaration') scope = this.program;
    if (scope.type === 'SwitchCase') scope = this.parent(scope) ?? this.program;
    return scope;
  }

  private functionScope(declaration: AnyNode): AnyNode {
    for (let scope = this.parent(declaration); scope; scope = this.parent(scope)) {
      if (isFunction(scope)) return scope;
    }
    return this.program;
  }
}

export type FunctionNode = NodeOfType<'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression'>;

export function isFunction(node: AnyNode): node is FunctionNode {
  return node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
}

export function lineOf(node: AnyNode): number {
  return node.loc?.start.line ?? 0;
}

/** Whether `inner` lies within `outer`'s source range. */
export function contains(outer: AnyNode, inner: AnyNode): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}
