import {
  DEFAULT_SHARE_THEME,
  type SharedAssistant,
  type SharedAssistantCreate,
  type SharedAssistantUpdate,
  type ShareTheme,
  shareThemeSchema,
} from '@aisle/contracts/sharing';
import { STARTUP_PAGE_SIZE } from '@/config/constants';
import { graphql, type ResultOf } from '@/graphql/graphql';
import { apiRequest } from '@/lib/api-client';
import { type DataClient, required } from '@/lib/graphql-client';

/**
 * An assistant's share links (spec §7 Shared assistant): created and deleted over REST, listed and
 * changed (on/off, expiry, colours) through the data API's `listSharedAssistants` and
 * `updateSharedAssistant`. Shares have no live events; the panel updates its list from each answer.
 */
export interface AssistantShare {
  id: string;
  createdAt: string;
  originalAssistantID: string;
  assistantName: string | null;
  isActive: boolean;
  expiresAt: string | null;
  token: string;
  theme: ShareTheme;
}

const ShareFields = graphql(`
  fragment ShareFields on SharedAssistant {
    id createdAt originalAssistantID assistantName isActive expiresAt shareToken theme { primaryColor primaryTextColor }
  }
`);

const LIST_SHARES = graphql(
  `query AssistantShares($filter: ModelSharedAssistantFilterInput, $limit: Int, $nextToken: String) {
  listSharedAssistants(filter: $filter, limit: $limit, nextToken: $nextToken) { items { ...ShareFields } nextToken }
}`,
  [ShareFields],
);

const UPDATE_SHARE = graphql(
  `mutation UpdateShare($input: UpdateSharedAssistantInput!) { updateSharedAssistant(input: $input) { ...ShareFields } }`,
  [ShareFields],
);

/** A share as the data API answers it; its `shareToken` is the bare token there, `{token}` on REST (spec §3). */
type RawShare = ResultOf<typeof ShareFields>;

function tokenOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'token' in value && typeof value.token === 'string') return value.token;
  return '';
}

export function toAssistantShare(raw: RawShare | SharedAssistant): AssistantShare {
  const theme = shareThemeSchema.safeParse(raw.theme);
  return {
    id: raw.id,
    createdAt: raw.createdAt,
    originalAssistantID: raw.originalAssistantID ?? '',
    assistantName: raw.assistantName,
    isActive: raw.isActive !== false,
    expiresAt: raw.expiresAt ?? null,
    token: tokenOf(raw.shareToken),
    theme: theme.success ? theme.data : DEFAULT_SHARE_THEME,
  };
}

export const assistantSharesQueryKey = (ownerEmail: string | undefined, assistantId: string) =>
  ['assistant-shares', ownerEmail ?? '', assistantId] as const;

/** The assistant's links, newest first. */
export async function listAssistantShares(client: DataClient, assistantId: string): Promise<AssistantShare[]> {
  const shares: AssistantShare[] = [];
  let nextToken: string | null = null;
  do {
    const data: ResultOf<typeof LIST_SHARES> = await client.request(LIST_SHARES, {
      filter: { originalAssistantID: { eq: assistantId } },
      limit: STARTUP_PAGE_SIZE,
      nextToken,
    });
    const page = required(data.listSharedAssistants, 'listSharedAssistants');
    for (const raw of page.items) if (raw) shares.push(toAssistantShare(raw));
    nextToken = page.nextToken;
  } while (nextToken);
  return shares.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function updateAssistantShare(client: DataClient, id: string, changes: SharedAssistantUpdate): Promise<AssistantShare> {
  const data = await client.request(UPDATE_SHARE, { input: { id, ...changes } });
  return toAssistantShare(required(data.updateSharedAssistant, 'updateSharedAssistant'));
}

type Token = string | null;

export const createAssistantShare = async (token: Token, body: SharedAssistantCreate) =>
  toAssistantShare(await apiRequest<SharedAssistant>('/api/shared-assistant/create/', { body, token }));

export const deleteAssistantShare = (token: Token, id: string) =>
  apiRequest<null>('/api/shared-assistant/delete/', { body: { id }, token });
