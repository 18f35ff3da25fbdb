import { describe, expect, it } from 'vitest';
import { applyCollectionEvent, collectionStatus, subscriptionErrorText } from './collection-events';
import { collections, listQuery, subscriptionQuery } from './collections';

type Row = { id: string; name: string };
const a: Row = { id: 'a', name: 'A' };
const b: Row = { id: 'b', name: 'B' };

describe('live events on a start-up collection (spec §4)', () => {
  const plain = { ignoreDuplicateCreates: false };
  const deduped = { ignoreDuplicateCreates: true };

  it('inserts creates at the front', () => {
    expect(applyCollectionEvent([a], { type: 'create', item: b }, plain)).toEqual([b, a]);
  });

  it('replaces an existing row on update, in place', () => {
    const renamed = { id: 'a', name: 'A2' };
    expect(applyCollectionEvent([b, a], { type: 'update', item: renamed }, plain)).toEqual([b, renamed]);
  });

  it('adds a row it has not seen on update', () => {
    expect(applyCollectionEvent([a], { type: 'update', item: b }, plain)).toEqual([b, a]);
  });

  it('removes a row on delete by id, and ignores unknown ids', () => {
    expect(applyCollectionEvent([a, b], { type: 'delete', id: 'a' }, plain)).toEqual([b]);
    expect(applyCollectionEvent([a, b], { type: 'delete', id: 'zzz' }, plain)).toEqual([a, b]);
  });

  it('ignores a duplicate create for functions, stores, assistants and wizards only', () => {
    const again = { id: 'a', name: 'changed' };
    expect(applyCollectionEvent([a], { type: 'create', item: again }, deduped)).toEqual([a]);
    expect(applyCollectionEvent([a], { type: 'create', item: again }, plain)).toEqual([again]);
    const dedupedNames = Object.values(collections)
      .filter((def) => def.ignoreDuplicateCreates)
      .map((def) => def.name)
      .sort();
    expect(dedupedNames).toEqual(['assistants', 'functions', 'stores', 'wizards']);
  });

  it('never mutates the list it was given', () => {
    const list = [a];
    applyCollectionEvent(list, { type: 'create', item: b }, plain);
    applyCollectionEvent(list, { type: 'delete', id: 'a' }, plain);
    expect(list).toEqual([a]);
  });
});

describe('collection status (spec §4: not initialised, loading, initialised, error)', () => {
  it('maps query states', () => {
    expect(collectionStatus({ status: 'pending', fetchStatus: 'idle', error: null })).toEqual({ state: 'not-initialised' });
    expect(collectionStatus({ status: 'pending', fetchStatus: 'fetching', error: null })).toEqual({ state: 'loading' });
    expect(collectionStatus({ status: 'success', fetchStatus: 'idle', error: null })).toEqual({ state: 'initialised' });
    expect(collectionStatus({ status: 'error', fetchStatus: 'idle', error: new Error('boom') })).toEqual({ state: 'error', error: 'boom' });
  });

  it('reports a subscription failure with the text of spec §8', () => {
    expect(subscriptionErrorText('stores')).toBe('An error occurred in stores subscription.');
    expect(
      collectionStatus({ status: 'success', fetchStatus: 'idle', error: null, subscriptionError: subscriptionErrorText('stores') }),
    ).toEqual({ state: 'error', error: 'An error occurred in stores subscription.' });
  });
});

describe('the stores collection', () => {
  it('asks for what the Store screen shows: status, file count and retrieval mode', () => {
    for (const query of [listQuery(collections.stores), subscriptionQuery(collections.stores, 'update')]) {
      expect(query).toContain('name totalSize status fileCount retrievalMode');
    }
  });
});
