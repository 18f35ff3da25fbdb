/** Query keys of the dashboard, per signed-in user. */
export const dashboardKeys = {
  all: (email: string | undefined) => ['dashboard', email] as const,
  rows: (email: string | undefined, since: string) => ['dashboard', email, 'rows', since] as const,
};
