import type * as LineSdk from '@line/bot-sdk';
import { loadOnUse } from '../../../lib/load-on-use';
import { httpFailure, networkFailure, PLATFORM_CALL_TIMEOUT_MS, type SendFailure } from '../send-failure';

/** The SDK, loaded when an install first talks to LINE (a channel connected, a message to send). */
export const lineSdk = loadOnUse<typeof LineSdk>('@line/bot-sdk');

/** LINE's Messaging API client for one channel's access token, at LINE_API_ORIGIN (a fake in tests). */
export const lineClient = (origin: string, channelAccessToken: string) =>
  new (lineSdk().messagingApi.MessagingApiClient)({ channelAccessToken, baseURL: origin });

export type LineResult<T> = { ok: true; body: T } | { ok: false; failure: SendFailure };

/** LINE's error body: `{"message": "...", "details": [...]}`. */
function lineMessage(error: LineSdk.HTTPFetchError): string {
  try {
    const parsed = JSON.parse(error.body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the status says enough.
  }
  return `LINE answered ${error.status}.`;
}

/**
 * One call of the SDK, within a time limit (the SDK's fetch has none), its failure classified by
 * status (spec §8; LINE's own retry guide agrees: 5xx and time-outs retry, other 4xx do not).
 */
export async function lineCall<T>(call: () => Promise<T>): Promise<LineResult<T>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), PLATFORM_CALL_TIMEOUT_MS);
  });
  try {
    return { ok: true, body: await Promise.race([call(), timeout]) };
  } catch (error) {
    if (error instanceof lineSdk().HTTPFetchError) return { ok: false, failure: httpFailure(error.status, lineMessage(error)) };
    return { ok: false, failure: networkFailure(error) };
  } finally {
    clearTimeout(timer);
  }
}
