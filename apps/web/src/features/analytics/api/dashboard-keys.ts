/** Query keys of the dashboard, per signed-in user: everything under `all` is read again on a refresh or a live event. */
export const dashboardKeys = {
  all: (email: string | undefined) => ['dashboard', email] as const,
  rows: (email: string | undefined, since: string) => ['dashboard', email, 'rows', since] as const,
  commerce: (email: string | undefined, since: string, filter: Record<string, string>) =>
    ['dashboard', email, 'commerce', since, filter] as const,
};
