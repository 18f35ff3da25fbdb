import { createRequire } from 'node:module';
import { PARTS_OF_SPEECH, type PartOfSpeech, wordNet } from './wordnet';

/*
 * English lemmas the way WordNet's own `morphy` finds them: the irregular forms first (WordNet's
 * exception lists, as the `wink-lexicon` package ships them: "wore", "worn" → "wear"), then the
 * regular suffix rules, keeping only forms WordNet knows. And the reverse, a lemma's irregular
 * forms ("wear" → "wore", "worn"), so a question's "wore" finds a passage's "worn" without
 * re-indexing anything: the index keeps its Porter stems, the query brings the other forms.
 */

const require = createRequire(import.meta.url);
type Exceptions = Record<string, string>;
const load = (name: string) => require(`wink-lexicon/src/wn-${name}-exceptions.js`) as Exceptions;

let exceptions: Record<'n' | 'v' | 'a', Exceptions> | undefined;
let irregularForms: Map<string, string[]> | undefined;

function exceptionLists() {
  exceptions ??= { n: load('noun'), v: load('verb'), a: load('adjective') };
  return exceptions;
}

/** WordNet's detachment rules by part of speech (morphy(7WN)). */
const SUFFIX_RULES: Record<PartOfSpeech, [string, string][]> = {
  n: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  v: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  a: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  r: [],
};

/** The lemmas of a word for one part of speech, the word itself included when WordNet knows it. */
export function lemmasOf(word: string, pos: PartOfSpeech): string[] {
  const lower = word.toLowerCase();
  const found: string[] = [];
  const add = (lemma: string) => {
    if (!found.includes(lemma) && wordNet.has(lemma, pos)) found.push(lemma);
  };
  const irregular = pos === 'r' ? undefined : exceptionLists()[pos][lower];
  if (irregular) add(irregular);
  add(lower);
  for (const [suffix, ending] of SUFFIX_RULES[pos]) {
    if (lower.endsWith(suffix) && lower.length > suffix.length + 1) add(lower.slice(0, -suffix.length) + ending);
  }
  return found;
}

/** Every lemma of a word with its part of speech ("boots" → boot/n, boot/v). */
export function allLemmasOf(word: string): { lemma: string; pos: PartOfSpeech }[] {
  return PARTS_OF_SPEECH.flatMap((pos) => lemmasOf(word, pos).map((lemma) => ({ lemma, pos })));
}

/** The irregular forms of a lemma as one part of speech ("wear" → "wore", "worn"; "child" → "children"). */
export function irregularFormsOf(lemma: string, pos: PartOfSpeech): string[] {
  if (!irregularForms) {
    irregularForms = new Map();
    for (const [part, list] of Object.entries(exceptionLists())) {
      for (const [form, base] of Object.entries(list)) {
        const key = `${part}:${base}`;
        const forms = irregularForms.get(key) ?? [];
        if (!forms.includes(form)) forms.push(form);
        irregularForms.set(key, forms);
      }
    }
  }
  return irregularForms.get(`${pos}:${lemma.toLowerCase()}`) ?? [];
}
