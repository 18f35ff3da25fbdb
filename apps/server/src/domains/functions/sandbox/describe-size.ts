/** "32 MB", "64 KB", "1.5 MB", "300 bytes": limits as a merchant reads them (1 KB = 1024 bytes). */
export function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** "5 s", "0.25 s". */
export function describeSeconds(ms: number): string {
  return `${trim(ms / 1000)} s`;
}

function trim(value: number): string {
  return String(Number(value.toFixed(2)));
}
