import type { JSONSchema7 } from 'ai';

/**
 * The local starter of initialize/: a tool definition from the function's description (or the one
 * it has) and a module that runs as is, reading each argument and variable and returning them, with
 * the fetch call to fill in commented where the merchant's service goes. No model, no network.
 */
export interface Starter {
  definition: { type: 'function'; function: { name: string; description: string; parameters: JSONSchema7 } };
  code: string;
}

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'its',
  'their',
  'his',
  'her',
  'my',
  'your',
  'our',
  'customer',
  "customer's",
  'shopper',
  'visitor',
]);

const camel = (words: string[]) =>
  words.map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())).join('');

/**
 * Argument names from phrases such as "by order number and email" or "given a product id":
 * camelCased nouns after by/for/from/with/given, split on "and" and commas. Falls back to `query`.
 */
export function argumentNamesFrom(description: string): string[] {
  const names: string[] = [];
  const pattern = /\b(?:by|using|given|with|from|for)\s+((?:[a-z][a-z'-]*\s*(?:,|and|or)?\s*){1,8})/gi;
  for (const match of description.matchAll(pattern)) {
    for (const part of (match[1] ?? '').split(/\s*(?:,|\band\b|\bor\b)\s*/i)) {
      const words = part
        .replace(/[^a-z\s'-]/gi, ' ')
        .split(/\s+/)
        .filter((word) => word && !STOP_WORDS.has(word.toLowerCase()))
        .slice(0, 3);
      const name = camel(words.map((word) => word.replace(/'s$/i, '').replace(/[^a-z]/gi, '')).filter(Boolean));
      if (name && name.length <= 40 && !names.includes(name)) names.push(name);
    }
    if (names.length) break;
  }
  return names.length ? names.slice(0, 6) : ['query'];
}

function propertyFor(name: string): JSONSchema7 {
  const lower = name.toLowerCase();
  if (lower.includes('email')) return { type: 'string', format: 'email', description: 'Email address' };
  if (/(count|quantity|limit|amount|price|number)$/.test(lower) && !/ordernumber|phonenumber/.test(lower)) {
    return { type: 'number', description: name.replace(/([A-Z])/g, ' $1').toLowerCase() };
  }
  return { type: 'string', description: name.replace(/([A-Z])/g, ' $1').toLowerCase() };
}

const isObjectSchema = (value: unknown): value is JSONSchema7 =>
  typeof value === 'object' && value !== null && (value as JSONSchema7).type === 'object';

export function starterFor(input: {
  name: string;
  description: string;
  variableNames: string[];
  parameters?: JSONSchema7 | null;
}): Starter {
  const description = input.description.trim() || `Runs ${input.name}.`;
  const parameters: JSONSchema7 = isObjectSchema(input.parameters)
    ? input.parameters
    : (() => {
        const names = argumentNamesFrom(description);
        return {
          type: 'object',
          properties: Object.fromEntries(names.map((name) => [name, propertyFor(name)])),
          required: names,
          additionalProperties: false,
        };
      })();
  const argNames = Object.keys(parameters.properties ?? {}).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  const variableLines = input.variableNames.map((name) => ` *   variables.${name}`).join('\n');
  const code = `/**
 * ${description.replace(/\*\//g, '* /').replace(/\n/g, '\n * ')}
 *
 * args: ${argNames.length ? argNames.join(', ') : '(none)'}
 * variables (read-only):${variableLines ? `\n${variableLines}` : ' none'}
 */
export default async function ${input.name.replace(/[^A-Za-z0-9_$]/g, '_')}(args, variables) {
  const { ${argNames.join(', ')} } = args;

  // Call your service here, for example:
  // const response = await fetch(\`https://api.example.com/items?q=\${encodeURIComponent(String(${argNames[0] ?? "''"}))}\`, {
  //   headers: { authorization: \`Bearer \${variables.API_KEY}\` },
  // });
  // if (!response.ok) throw new Error(\`The service answered \${response.status}\`);
  // return await response.json();

  return { ${argNames.join(', ')} };
}
`;
  return { definition: { type: 'function', function: { name: input.name, description, parameters } }, code };
}
