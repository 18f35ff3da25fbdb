import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible `/embeddings` server on loopback, for tests (nothing may reach the
 * internet). Its vectors know a few synonyms — words of one concept share a dimension — so a
 * question worded differently from the passage is near it, as with a real model; other words
 * are hashed into the remaining dimensions.
 */
const concepts = [
  // `moneyback` stands for shoppers' own words that no dictionary knows: only a model links them.
  ['refund', 'refunds', 'return', 'returns', 'money', 'moneyback', 'reimburse', 'reimbursed'],
  ['shipping', 'ship', 'ships', 'delivery', 'deliver', 'courier', 'parcel', 'arrive'],
  ['wash', 'washing', 'clean', 'cleaning', 'laundry', 'care'],
  ['size', 'sizes', 'fit', 'fits', 'measurements', 'chest'],
];
const DIMENSIONS = 32;

function embed(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const concept = concepts.findIndex((words) => words.includes(word));
    if (concept !== -1) vector[concept] = (vector[concept] ?? 0) + 3;
    else {
      let hash = 0;
      for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
      const slot = concepts.length + (hash % (DIMENSIONS - concepts.length));
      vector[slot] = (vector[slot] ?? 0) + 0.2;
    }
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

export interface FakeEmbeddings {
  baseUrl: string;
  /** Every request's inputs, in order. */
  requests: string[][];
  /** Answer 500 to every request while true. */
  failing: boolean;
  close(): Promise<void>;
}

export async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  const state = { requests: [] as string[][], failing: false };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/embeddings') || req.headers.authorization !== 'Bearer test-key') {
        res.writeHead(404).end();
        return;
      }
      if (state.failing) {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'overloaded' } }));
        return;
      }
      const { input, model } = JSON.parse(body) as { input: string | string[]; model: string };
      const inputs = Array.isArray(input) ? input : [input];
      state.requests.push(inputs);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model,
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
