import { ANNOUNCEMENT_MAX_LENGTH } from '@aisle/contracts/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, type TestViewer, viewerToken } from '../../testing/graphql-client';
import { createTestApp, type TestApp } from '../../testing/test-app';

const CREATE = 'mutation($i: CreateAnnouncementInput!) { createAnnouncement(input: $i) { id message ownerEmail } }';
const UPDATE = 'mutation($i: UpdateAnnouncementInput!) { updateAnnouncement(input: $i) { id message } }';
const DELETE = 'mutation($i: DeleteAnnouncementInput!) { deleteAnnouncement(input: $i) { id } }';
const LIST = '{ listAnnouncements(limit: 999) { items { id message } } }';

/** Staff write announcements; every signed-in user reads them and can change none (spec §3, §6). */
describe('announcements', () => {
  let t: TestApp;
  let staff: TestViewer;
  let merchant: TestViewer;

  beforeAll(async () => {
    t = await createTestApp();
    staff = await viewerToken(t, 'staff@aisle.test', true);
    merchant = await viewerToken(t, 'merchant@shop.test');
  });
  afterAll(() => t.close());

  it('are published by staff under their e-mail and read by every user', async () => {
    const created = await gql(t, staff, CREATE, { i: { message: 'Maintenance tonight' } });
    expect(created.errors).toBeUndefined();
    expect(created.data?.createAnnouncement).toMatchObject({ message: 'Maintenance tonight', ownerEmail: staff.email });
    const listed = await gql(t, merchant, LIST);
    expect(listed.data?.listAnnouncements.items).toContainEqual({
      id: created.data?.createAnnouncement.id,
      message: 'Maintenance tonight',
    });
  });

  it('cannot be created, edited or deleted by a user who is not staff', async () => {
    const created = await gql(t, staff, CREATE, { i: { message: 'Keep me' } });
    const id = created.data?.createAnnouncement.id;
    const refusals = [
      await gql(t, merchant, CREATE, { i: { message: 'Free upgrades for all' } }),
      await gql(t, merchant, UPDATE, { i: { id, message: 'Changed by a merchant' } }),
      await gql(t, merchant, DELETE, { i: { id } }),
    ];
    expect(refusals.map((res) => res.errors?.[0]?.message)).toEqual(['Unauthorized', 'Unauthorized', 'Unauthorized']);
    const messages = (await gql(t, merchant, LIST)).data?.listAnnouncements.items.map((item: { message: string }) => item.message);
    expect(messages).toContain('Keep me');
    expect(messages).not.toContain('Free upgrades for all');
    expect(messages).not.toContain('Changed by a merchant');
  });

  it('refuse a blank or too long message, as the staff form does', async () => {
    const blank = await gql(t, staff, CREATE, { i: { message: '   ' } });
    expect(JSON.stringify(blank.errors)).toContain('This field may not be blank.');
    const long = await gql(t, staff, CREATE, { i: { message: 'x'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1) } });
    expect(JSON.stringify(long.errors)).toContain(`Ensure this field has no more than ${ANNOUNCEMENT_MAX_LENGTH} characters.`);
  });
});
