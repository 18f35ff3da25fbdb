import fc from 'fast-check';
import type { FuzzWorld } from './fuzz-world';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Authorization headers: each account, none, and tokens that must not work. */
export function authorization(world: FuzzWorld): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(bearer(world.owner.access)) },
    { weight: 2, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constant(bearer(world.victim.access)) },
    { weight: 1, arbitrary: fc.constant(bearer(world.staff.access)) },
    { weight: 1, arbitrary: fc.constant(bearer(world.ghostAccess)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'Bearer',
          'Bearer ',
          'Bearer a.b.c',
          `Bearer ${world.owner.refresh}`,
          `Bearer ${world.owner.access}x`,
          `bearer ${world.owner.access}`,
          `Token ${world.owner.access}`,
          'Basic dXNlcjpwYXNz',
          `Bearer ${'a'.repeat(8_000)}`,
          `Bearer ${world.owner.access} ${world.victim.access}`,
        )
        .map((value) => ({ authorization: value })),
    },
  );
}

/** A client that follows the contract: the owner's token mostly, staff's for the staff-only calls. */
export function signedIn(world: FuzzWorld): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(bearer(world.owner.access)) },
    { weight: 1, arbitrary: fc.constant(bearer(world.staff.access)) },
  );
}
