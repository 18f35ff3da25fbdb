import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env';

/**
 * Typed GraphQL operations: `graphql(`query …`)` gives a document whose result and variables types
 * are inferred from its text against the server's schema (schema.graphql, printed from the
 * server's SDL by apps/server/scripts/print-schema.ts; graphql-env.d.ts is its introspection).
 *
 * Why gql.tada rather than GraphQL Code Generator: gql.tada infers the types in TypeScript itself,
 * so there is no generate step between editing an operation and using its result (codegen has to
 * be re-run after every change to any operation, and its output committed or built first); the
 * only generated files are the two schema files, which change only when the server's SDL does
 * and which schema-drift.test.ts keeps in step with it. Operations stay next to their callers.
 *
 * Fragments are not masked: a fragment's fields are read directly from the result (the app's
 * normalisers take the wire shape as it is), with no `readFragment` call.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: {
    /** ISO 8601 date-time text. */
    AWSDateTime: string;
    /** JSON text in answers; a variable may be JSON text or a plain value (the server parses either). */
    AWSJSON: string;
  };
}>();

export type { FragmentOf, ResultOf, TadaDocumentNode, VariablesOf } from 'gql.tada';
