import { limitExceeded, MAX_JSON_DEPTH } from './parse-limits';

/**
 * Refuses JSON nested deeper than MAX_JSON_DEPTH, in one pass over the text that skips strings
 * (a bracket inside a string is no nesting). Malformed JSON passes here and fails in JSON.parse.
 */
export function checkJsonDepth(text: string): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x22) {
      // Skip the string, escapes included.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) throw limitExceeded.jsonDepth();
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
}
