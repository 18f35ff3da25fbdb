import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { findInputProblem } from '../lib/input-sanity';

/**
 * The GraphQL side of lib/input-sanity.ts: an operation whose text or variables hold a NUL, a lone
 * surrogate, or a value nested too deeply is refused before it is parsed or run, with an error
 * that says where. Applied to HTTP requests (this plugin) and WebSocket subscriptions alike.
 */
export function inputProblemOf(query: unknown, variables: unknown): GraphQLError | null {
  const inQuery = typeof query === 'string' ? findInputProblem(query) : null;
  if (inQuery) return badInput(`The operation's text: ${inQuery.message}`);
  const inVariables = findInputProblem(variables);
  if (inVariables) {
    const [name, ...rest] = inVariables.path;
    const where = name === undefined ? 'The variables' : `Variable "$${name}"${rest.length ? ` at "${rest.join('.')}"` : ''}`;
    return badInput(`${where}: ${inVariables.message}`);
  }
  return null;
}

const badInput = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', errorType: 'BadRequest' } });

export function useInputChecks(): Plugin {
  return {
    onParams({ params, setResult }) {
      const problem = inputProblemOf(params.query, params.variables);
      if (problem) setResult({ errors: [problem] });
    },
  };
}
