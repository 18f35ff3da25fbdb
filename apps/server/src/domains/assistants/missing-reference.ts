/**
 * Runs an insert that references rows checked just before. If one of them was deleted in between
 * (a foreign-key violation, SQLSTATE 23503), the checks run again so the caller gets their 404
 * ("Assistant not found.") rather than a 500; any other failure is rethrown as it is.
 */
export async function recheckOnMissingReference<T>(insert: () => Promise<T>, recheck: () => Promise<unknown>): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === '23503') await recheck();
    throw error;
  }
}
