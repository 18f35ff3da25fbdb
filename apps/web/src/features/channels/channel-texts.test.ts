import { describe, expect, it } from 'vitest';
import { accountStatusText, loginOutcomeOf, tokenText } from './channel-texts';

describe('/social texts', () => {
  it('words an account’s state', () => {
    expect(accountStatusText({ status: 'connected', assistantName: 'Shop helper' })).toBe('Connected · answered by Shop helper');
    expect(accountStatusText({ status: 'available', assistantName: null })).toContain('choose the assistant');
    expect(accountStatusText({ status: 'disconnected', assistantName: null })).toBe('Disconnected');
  });

  it('speaks of the token only when it needs attention', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(tokenText({ tokenState: 'valid', tokenExpiresAt: null, tokenProblem: null }, now)).toBeNull();
    expect(tokenText({ tokenState: 'expiring', tokenExpiresAt: '2026-01-03T12:00:00Z', tokenProblem: null }, now)).toBe(
      'Token expires in 3 days. Connect it again to renew it.',
    );
    expect(tokenText({ tokenState: 'revoked', tokenExpiresAt: null, tokenProblem: 'Session has expired' }, now)).toBe(
      'Access refused (Session has expired). Connect it again.',
    );
  });

  it('reads what Facebook Login came back with', () => {
    expect(loginOutcomeOf(new URLSearchParams('channel=messenger&found=2'))).toMatchObject({
      tone: 'success',
      text: expect.stringContaining('2 accounts found'),
    });
    expect(loginOutcomeOf(new URLSearchParams('channel=instagram&connected=abc'))).toMatchObject({ tone: 'success', channel: 'instagram' });
    expect(loginOutcomeOf(new URLSearchParams('channel=whatsapp&error=Facebook%20Login%20was%20cancelled.'))).toEqual({
      channel: 'whatsapp',
      tone: 'error',
      text: 'Facebook Login was cancelled.',
    });
    expect(loginOutcomeOf(new URLSearchParams('channel=myspace&found=1'))).toBeNull();
  });
});
