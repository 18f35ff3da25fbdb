/** The file name the prelude's frames carry in stack traces (the function's own are function.mjs). */
export const PRELUDE_FILE = 'sandbox-prelude.js';

/**
 * Evaluated in every fresh QuickJS context before the function's module, as a script whose value
 * is a function. Called with the host functions (vm-bridge.ts) and the output limit, it defines
 * the globals `console`, `fetch`, `setTimeout`, `clearTimeout` and `aisle` (the host abilities granted to the run), and returns the helpers the host
 * uses later. The host functions stay in this closure: the function's code never sees them, only
 * the wrappers, which accept plain values and hand the host strings and numbers.
 *
 * The helpers keep the JSON, Object and String the context started with, so a function that
 * replaces JSON.stringify or Object.freeze (when its module is evaluated, before the host parses
 * the arguments and reads the result) changes nothing the host relies on. The host still checks
 * the type of everything it gets back.
 */
export const PRELUDE = `
(function prelude(host, outputLimit, hostNamesJson) {
  'use strict';
  const { emit, startFetch, startTimer, stopTimer, startHostCall } = host;
  const { parse, stringify } = JSON;
  const { create, defineProperty, entries, freeze, isFrozen, keys } = Object;
  const isArray = Array.isArray;
  const toText = String;
  const ErrorType = Error;
  const TypeErrorType = TypeError;

  const show = (value) => {
    try {
      if (typeof value === 'string') return value;
      if (value instanceof ErrorType) return toText(value.name) + ': ' + toText(value.message);
      if (typeof value === 'object' && value !== null) {
        const json = stringify(value);
        if (json !== undefined) return json;
      }
      return toText(value);
    } catch {
      try {
        return toText(value);
      } catch {
        return '[a value that cannot be printed]';
      }
    }
  };
  // emit answers false once the output is cut: later calls then cost the host nothing.
  let writing = true;
  const writer = (level) => function (...values) {
    if (!writing) return;
    let text = '';
    for (let i = 0; i < values.length && text.length <= outputLimit; i++) text += (i === 0 ? '' : ' ') + show(values[i]);
    writing = emit(level, text.length > outputLimit ? text.slice(0, outputLimit + 1) : text);
  };
  const console = { log: writer('log'), info: writer('info'), warn: writer('warn'), error: writer('error'), debug: writer('log') };

  async function fetch(input, init) {
    const options = init === undefined || init === null ? {} : init;
    const headers = create(null);
    if (options.headers !== undefined && options.headers !== null) {
      const pairs = isArray(options.headers) ? options.headers : entries(options.headers);
      for (const pair of pairs) headers[toText(pair[0]).toLowerCase()] = toText(pair[1]);
    }
    let body;
    if (options.body !== undefined && options.body !== null) {
      if (typeof options.body !== 'string') throw new TypeErrorType('fetch: the body must be a string (use JSON.stringify for JSON)');
      body = options.body;
    }
    const method = options.method === undefined ? 'GET' : toText(options.method);
    const answer = parse(await startFetch(stringify({ url: toText(input), method, headers, body })));
    const text = answer.body;
    const responseHeaders = answer.headers;
    if (!('get' in responseHeaders)) {
      defineProperty(responseHeaders, 'get', {
        value: (name) => {
          const value = responseHeaders[toText(name).toLowerCase()];
          return value === undefined ? null : value;
        },
      });
    }
    return {
      ok: answer.ok,
      status: answer.status,
      statusText: answer.statusText,
      url: answer.url,
      headers: responseHeaders,
      text: async () => text,
      json: async () => parse(text),
    };
  }

  const timers = create(null);
  let nextTimer = 1;
  function setTimeout(callback, delay, ...args) {
    if (typeof callback !== 'function') throw new TypeErrorType('setTimeout: the callback must be a function');
    const id = nextTimer++;
    startTimer(id, +delay || 0);
    timers[id] = { callback, args };
    return id;
  }
  function clearTimeout(id) {
    if (timers[id] === undefined) return;
    delete timers[id];
    stopTimer(+id);
  }

  // The server's abilities granted to this run: aisle.<name>(input) answers a promise of JSON.
  const aisle = create(null);
  for (const name of parse(hostNamesJson)) {
    const ability = async (input) => {
      const json = input === undefined ? 'null' : stringify(input);
      if (typeof json !== 'string') throw new TypeErrorType('aisle.' + name + ': the input must be a JSON value');
      return parse(await startHostCall(name, json));
    };
    defineProperty(aisle, name, { value: ability, enumerable: true });
  }
  freeze(aisle);

  const globals = { console, fetch, setTimeout, clearTimeout, aisle };
  for (const name of keys(globals)) defineProperty(globalThis, name, { value: globals[name], writable: true, configurable: true });

  const deepFreeze = (value) => {
    if (typeof value === 'object' && value !== null && !isFrozen(value)) {
      freeze(value);
      for (const key of keys(value)) deepFreeze(value[key]);
    }
    return value;
  };
  const read = (get) => {
    try {
      const value = get();
      return typeof value === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  };

  return {
    parseArguments: (json) => parse(json),
    parseVariables: (json) => deepFreeze(parse(json)),
    resultJson: (value) => {
      if (value === undefined) return 'null';
      const json = stringify(value);
      if (typeof json !== 'string') throw new TypeErrorType('a ' + typeof value + ' is not a JSON value');
      return json;
    },
    describeError: (error) => {
      if ((typeof error === 'object' && error !== null) || typeof error === 'function') {
        const name = read(() => error.name);
        const message = read(() => error.message);
        const stack = read(() => error.stack);
        if (name !== undefined || message !== undefined) return stringify({ name, message, stack: stack && stack.slice(0, 4000) });
      }
      let thrown;
      try {
        thrown = typeof error === 'object' && error !== null ? stringify(error) : undefined;
        if (thrown === undefined) thrown = toText(error);
      } catch {
        thrown = '[a value that cannot be printed]';
      }
      return stringify({ thrown: thrown.slice(0, 1000) });
    },
    fireTimer: (id) => {
      const timer = timers[id];
      if (timer === undefined) return;
      delete timers[id];
      timer.callback(...timer.args);
    },
  };
})
`;
