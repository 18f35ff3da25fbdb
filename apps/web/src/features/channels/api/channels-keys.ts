/** The channels feature's query keys (one place, from the query options). */
export const channelsKeys = {
  all: ['channels'] as const,
  summary: (email: string | undefined) => ['channels', 'social', email ?? ''] as const,
};
