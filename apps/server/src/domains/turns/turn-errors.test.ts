import { SHARED_CHAT_UNAVAILABLE_TEXT } from '@aisle/contracts/visitor-chat';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { serverBusy } from '../../lib/turn-gate';
import { shopperText } from '../ai';
import { turnErrorOf } from './turn-errors';

describe('a turn’s refusal as the shopper reads it', () => {
  const unavailable = new AppError('PAYMENT_REQUIRED', SHARED_CHAT_UNAVAILABLE_TEXT, { bodyCode: 'unavailable' });

  it('says “can’t answer right now” and “busy” in the shopper’s language', () => {
    expect(turnErrorOf(unavailable, 'th')).toMatchObject({ status: 402, code: 'unavailable', detail: shopperText('unavailable', 'th') });
    expect(turnErrorOf(serverBusy(2), 'ko')).toMatchObject({ code: 'busy', detail: shopperText('busy', 'ko'), retryAfterSeconds: 2 });
  });

  it('keeps English, and any other detail, as written', () => {
    expect(turnErrorOf(unavailable).detail).toBe(SHARED_CHAT_UNAVAILABLE_TEXT);
    expect(turnErrorOf(new AppError('BAD_GATEWAY', 'The AI provider is not responding.'), 'ja').detail).toBe(
      'The AI provider is not responding.',
    );
  });
});
