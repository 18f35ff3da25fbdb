import fc from 'fast-check';
import { tinyPng } from '../images';
import { type FuzzWorld, GOOD_CODE } from './fuzz-world';
import type { Hints } from './json-schema-arbitrary';

const ID_NAME = /(^id$|Id$|ID$|Ids$|IDs$)/;

/**
 * The model a name points at: the longest model name it contains (`originalAssistantID` →
 * Assistant, `sharedThreadId` → SharedThread, `/api/shared-assistant/delete/` → SharedAssistant).
 */
function modelNamed(text: string, models: string[]): string | undefined {
  const plain = text.toLowerCase().replace(/[^a-z]/g, '');
  return models.filter((model) => plain.includes(model.toLowerCase())).sort((a, b) => b.length - a.length)[0];
}

/**
 * Field names whose values the world knows: a generated field of that name draws from them. An id
 * field draws ids of the model its name (or, for a bare `id`, its context: the route, the input
 * type, the operation) points at, mostly; ids of any model or of nothing sometimes.
 */
export function worldHints(world: FuzzWorld): Hints {
  const emails = fc.oneof(
    { weight: 3, arbitrary: fc.constant(world.owner.email) },
    { weight: 1, arbitrary: fc.constantFrom(world.victim.email, world.staff.email, 'nobody@fuzz.test') },
  );
  const models = [...new Set([...Object.keys(world.ownerIds), ...Object.keys(world.otherIds)])];
  const all = (ids: Record<string, string[]>) => Object.values(ids).flat();
  const pick = (ids: string[] | undefined) => (ids?.length ? [fc.constantFrom(...ids)] : []);
  const idOf = (model: string | undefined) => {
    const own = pick(model ? world.ownerIds[model] : undefined);
    const others = pick(model ? world.otherIds[model] : undefined);
    return fc.oneof(
      ...own.map((arbitrary) => ({ weight: 8, arbitrary })),
      ...others.map((arbitrary) => ({ weight: 2, arbitrary })),
      ...pick(all(world.ownerIds)).map((arbitrary) => ({ weight: 1, arbitrary })),
      ...pick(all(world.otherIds)).map((arbitrary) => ({ weight: 1, arbitrary })),
      { weight: 1, arbitrary: fc.uuid() },
    );
  };
  // A page cursor as the server writes them (base64url of [sort key, id]), pointing anywhere.
  const cursor = fc
    .tuple(fc.date({ noInvalidDate: true, min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z') }), fc.uuid())
    .map(([date, id]) => Buffer.from(JSON.stringify([date.toISOString(), id])).toString('base64url'));
  const webUrl = fc.oneof(fc.webUrl(), fc.constantFrom('https://cdn.example/a.png', 'http://127.0.0.1/x.png', 'ftp://x/y.png'));
  const known: Record<string, fc.Arbitrary<unknown>> = {
    token: fc.constantFrom(...world.shareTokens, world.owner.access, world.victim.refresh),
    visitorToken: fc.constantFrom(...world.visitorTokens),
    refresh: fc.constantFrom(world.owner.refresh, world.victim.refresh, world.owner.access),
    email: fc.oneof({ weight: 3, arbitrary: emails }, { weight: 1, arbitrary: fc.emailAddress() }),
    fileName: fc.constantFrom('faq.md', 'products.csv', 'guide.pdf', 'notes.txt', 'page.html'),
    size: fc.integer({ min: 0, max: 5_000 }),
    contentType: fc.constantFrom('text/markdown', 'text/plain', 'text/csv', 'application/pdf', 'application/json', ''),
    password: fc.constantFrom(world.owner.password, world.victim.password, 'wrong-password'),
    // change-email: mostly free addresses (a link is mailed, nothing else changes), sometimes taken ones.
    // `current_password` is left to chance: a right one would end the owner's sessions mid-campaign.
    new_email: fc.oneof(
      { weight: 3, arbitrary: fc.uuid().map((id) => `moved-${id.slice(0, 8)}@fuzz.test`) },
      { weight: 1, arbitrary: fc.emailAddress() },
      { weight: 1, arbitrary: emails },
    ),
    avatar_url: webUrl,
    presignedGet: webUrl,
    // Conversation content blocks: an image or a document as base64, in a format the model reads.
    format: fc.constantFrom('png', 'jpeg', 'gif', 'webp', 'pdf', 'csv', 'html', 'txt', 'md'),
    bytes: fc.constantFrom(tinyPng(2).toString('base64'), Buffer.from('Shipping takes 5 days.').toString('base64'), '!!not base64'),
    text: fc.constantFrom('Where is my order?', 'hello'),
    ownerEmail: emails,
    model: fc.oneof(
      { weight: 4, arbitrary: fc.constant('local:extractive') },
      { weight: 1, arbitrary: fc.constantFrom('openai:gpt-4.1-mini', 'anthropic:claude-haiku-4-5', 'local:nope') },
    ),
    code: fc.constantFrom(GOOD_CODE, 'export default async () => { throw new Error("no") }', 'syntax error ((('),
    content: fc.constantFrom('Where is my order?', 'hello'),
    message: fc.constantFrom('Where is my order?', 'hello'),
    query: fc.constantFrom('shipping', 'order'),
    kind: fc.constantFrom('assistant', 'user'),
    nextToken: cursor,
    limit: fc.integer({ min: 1, max: 1000 }),
    page: fc.constantFrom('1', '2', 'last'),
  };
  return (name, context = '') => {
    if (Object.hasOwn(known, name)) return known[name];
    if (!ID_NAME.test(name)) return undefined;
    const id = idOf(modelNamed(name === 'id' ? context : name, models));
    return /s$/.test(name) ? fc.array(id, { minLength: 1, maxLength: 3 }) : id;
  };
}
