/** The authenticated caller, taken from a verified access token. */
export interface Viewer {
  userId: string;
  email: string;
  isStaff: boolean;
}

/** Pulls the token out of an `Authorization` value: `Bearer <t>`, `JWT <t>` or the bare token. */
export function tokenFromAuthorization(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const match = /^(?:Bearer|JWT)\s+(.+)$/i.exec(value.trim());
  const token = (match?.[1] ?? value).trim();
  return token.length > 0 && token.length < 8192 ? token : undefined;
}
