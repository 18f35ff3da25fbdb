import { describe, expect, it } from 'vitest';
import { diffLinks, toggleLink } from './link-diff';
import { noLinks } from './link-kinds';

describe('diffLinks', () => {
  it('adds what is newly ticked and removes what was unticked, adds first', () => {
    const current = { ...noLinks(), store: ['s1', 's2'], template: ['t1'] };
    const wanted = { ...noLinks(), store: ['s2', 's3'], function: ['f1'], template: ['t1'] };
    expect(diffLinks(current, wanted)).toEqual([
      { kind: 'store', action: 'add', targetId: 's3' },
      { kind: 'function', action: 'add', targetId: 'f1' },
      { kind: 'store', action: 'remove', targetId: 's1' },
    ]);
  });

  it('asks for nothing when the links are unchanged, whatever their order', () => {
    expect(diffLinks({ ...noLinks(), store: ['a', 'b'] }, { ...noLinks(), store: ['b', 'a'] })).toEqual([]);
  });
});

describe('toggleLink', () => {
  it('ticks and unticks one id of one kind without duplicates', () => {
    const once = toggleLink(noLinks(), 'store', 's1', true);
    expect(toggleLink(once, 'store', 's1', true).store).toEqual(['s1']);
    expect(toggleLink(once, 'store', 's1', false).store).toEqual([]);
    expect(toggleLink(once, 'template', 't1', true)).toEqual({ store: ['s1'], function: [], template: ['t1'] });
  });
});
