/** Variable names from a function's `variables` or a template's `requiredVariables`: names, or `{name, …}` entries. */
export const variableNamesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap((entry) =>
        typeof entry === 'string'
          ? [entry]
          : entry && typeof (entry as { name?: unknown }).name === 'string'
            ? [(entry as { name: string }).name]
            : [],
      )
    : [];
