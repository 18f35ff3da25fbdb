import { type LinkedIds, type LinkKind, linkKinds } from './link-kinds';

export interface LinkChange {
  kind: LinkKind;
  action: 'add' | 'remove';
  targetId: string;
}

/**
 * The add and remove calls that turn the current links into the wanted ones, adds first so an
 * assistant is never briefly left without knowledge it keeps. Ids in both lists are left alone.
 */
export function diffLinks(current: LinkedIds, wanted: LinkedIds): LinkChange[] {
  const adds: LinkChange[] = [];
  const removes: LinkChange[] = [];
  for (const kind of linkKinds) {
    const have = new Set(current[kind]);
    const want = new Set(wanted[kind]);
    for (const id of want) if (!have.has(id)) adds.push({ kind, action: 'add', targetId: id });
    for (const id of have) if (!want.has(id)) removes.push({ kind, action: 'remove', targetId: id });
  }
  return [...adds, ...removes];
}

/** Toggles one id in a kind's list, keeping the others' order. */
export function toggleLink(links: LinkedIds, kind: LinkKind, id: string, on: boolean): LinkedIds {
  const without = links[kind].filter((existing) => existing !== id);
  return { ...links, [kind]: on ? [...without, id] : without };
}
