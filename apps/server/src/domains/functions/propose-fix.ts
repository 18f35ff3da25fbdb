/**
 * The local fixer of fix/: corrections for the mistakes merchants make most when moving code from
 * Node into a function (CommonJS exports, no default export, importing fetch, process.env), each
 * explained. Anything else is explained without a code change: the model-backed fixer (when a
 * model is configured) handles the rest.
 */
export interface FixProposal {
  code: string;
  explanation: string;
}

interface Rewrite {
  applies(code: string, error: string): boolean;
  apply(code: string): string;
  explanation: string;
}

const FETCH_LIBRARIES =
  /^\s*(?:import\s+[\w{}\s,*]+\s+from\s+['"](?:node-fetch|cross-fetch|undici|isomorphic-fetch)['"];?|const\s+\w+\s*=\s*require\(\s*['"](?:node-fetch|cross-fetch|undici|isomorphic-fetch)['"]\s*\);?)\s*$/gm;

const rewrites: Rewrite[] = [
  {
    applies: (code) => FETCH_LIBRARIES.test(code),
    apply: (code) => code.replace(FETCH_LIBRARIES, '').replace(/^\n+/, ''),
    explanation: 'Removed the fetch library import: fetch is built in, and functions cannot import modules.',
  },
  {
    applies: (code) => /\bmodule\.exports\s*=|\bexports\.default\s*=/.test(code),
    apply: (code) => code.replace(/\bmodule\.exports\s*=\s*/g, 'export default ').replace(/\bexports\.default\s*=\s*/g, 'export default '),
    explanation: 'Replaced the CommonJS export (module.exports) with `export default`: functions are ES modules.',
  },
  {
    applies: (code) => /\bprocess\.env\.\w+/.test(code),
    apply: (code) => withVariablesParameter(code.replace(/\bprocess\.env\.(\w+)/g, 'variables.$1')),
    explanation:
      'Read settings from `variables` (the second argument) instead of process.env; add each name to the function’s variables and set it under Variables.',
  },
  {
    applies: (code) => !/\bexport\s+default\b/.test(code) && /(?:^|\n)\s*(?:async\s+)?function\s+[A-Za-z_$][\w$]*\s*\(/.test(code),
    apply: (code) => {
      const names = [...code.matchAll(/(?:^|\n)\s*(async\s+)?function\s+([A-Za-z_$][\w$]*)\s*\(/g)];
      const chosen = names.find((match) => match[1]) ?? names.at(-1);
      return `${code.trimEnd()}\n\nexport default ${chosen?.[2]};\n`;
    },
    explanation: 'Added `export default` for the function: the sandbox calls the module’s default export with (args, variables).',
  },
];

/** Makes the default export take `variables` as its second parameter when it does not yet. */
function withVariablesParameter(code: string): string {
  const addSecond = (params: string) => {
    const trimmed = params.trim();
    if (/,/.test(trimmed.replace(/\{[^}]*\}|\[[^\]]*\]/g, ''))) return params;
    return trimmed ? `${trimmed}, variables` : 'args, variables';
  };
  return code
    .replace(
      /(export\s+default\s+(?:async\s+)?function\s*[\w$]*\s*)\(([^)]*)\)/,
      (_, head: string, params: string) => `${head}(${addSecond(params)})`,
    )
    .replace(
      /(export\s+default\s+(?:async\s*)?)\(([^)]*)\)(\s*=>)/,
      (_, head: string, params: string, arrow: string) => `${head}(${addSecond(params)})${arrow}`,
    );
}

export function proposeLocalFix(code: string, error: string): FixProposal {
  let fixed = code;
  const explanations: string[] = [];
  for (const rewrite of rewrites) {
    FETCH_LIBRARIES.lastIndex = 0;
    if (!rewrite.applies(fixed, error)) continue;
    FETCH_LIBRARIES.lastIndex = 0;
    fixed = rewrite.apply(fixed);
    explanations.push(rewrite.explanation);
  }
  if (explanations.length) return { code: fixed, explanation: explanations.join('\n') };
  return {
    code,
    explanation: error
      ? `No automatic correction for this error; the code is unchanged. The last error was: ${error.split('\n')[0]}`
      : 'The last check and run found no error to correct.',
  };
}
