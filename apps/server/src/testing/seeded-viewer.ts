import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/database';
import { users } from '../db/schema/users';
import { createTokenSigner } from '../domains/accounts';
import type { TestViewer } from './graphql-client';

/**
 * A signed-in merchant for tests against running server bundles: the user is made in their
 * (migrated) database, since a token is only honoured while its user exists, and the access token
 * is signed with the servers' secret as `POST /api/token/` would sign it.
 */
export async function seededViewer(options: { databaseUrl: string; secret: string; email: string }): Promise<TestViewer> {
  const { email } = options;
  const database = await openDatabase({ url: options.databaseUrl });
  try {
    await database.db.insert(users).values({ email, passwordHash: '!', emailVerified: true }).onConflictDoNothing();
    const [user] = await database.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) throw new Error(`no user ${email}`);
    const signer = createTokenSigner({ secret: options.secret, accessLifetimeSeconds: 600, refreshLifetimeSeconds: 600 });
    const { token } = await signer.sign('access', { userId: user.id, email, isStaff: false, tokenVersion: user.tokenVersion });
    return { email, isStaff: false, access: token };
  } finally {
    await database.close();
  }
}
