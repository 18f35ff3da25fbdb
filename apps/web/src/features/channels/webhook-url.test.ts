import { describe, expect, it } from 'vitest';
import { isPublicHttpsUrl } from './webhook-url';

describe('whether LINE and Meta can deliver to a webhook URL', () => {
  it('accepts a public https address', () => {
    for (const url of [
      'https://aisle.example.com/api/line/webhook/',
      'https://shop.test/api/line/webhook/',
      'https://abc-12-34.trycloudflare.com/api/line/webhook/',
      'https://203.0.113.7/api/line/webhook/',
      'https://172.32.0.1/api/line/webhook/',
      'https://[2001:db8::1]/api/line/webhook/',
    ])
      expect(isPublicHttpsUrl(url), url).toBe(true);
  });

  it('refuses plain http, even on a public host', () => {
    expect(isPublicHttpsUrl('http://aisle.example.com/api/line/webhook/')).toBe(false);
  });

  it('refuses addresses only this machine or its network can reach', () => {
    for (const url of [
      'https://localhost:3000/api/line/webhook/',
      'https://app.localhost/api/line/webhook/',
      'https://127.0.0.1/api/line/webhook/',
      'https://127.8.9.10/api/line/webhook/',
      'https://[::1]/api/line/webhook/',
      'https://[::]/api/line/webhook/',
      'https://0.0.0.0:8000/api/line/webhook/',
      'https://10.1.2.3/api/line/webhook/',
      'https://172.16.0.1/api/line/webhook/',
      'https://172.31.255.255/api/line/webhook/',
      'https://192.168.1.20/api/line/webhook/',
      'https://169.254.10.1/api/line/webhook/',
      'https://[fe80::1]/api/line/webhook/',
      'https://[fd12:3456::1]/api/line/webhook/',
      'https://[::ffff:192.168.1.2]/api/line/webhook/',
      'https://shop.local/api/line/webhook/',
      'https://aisle.internal/api/line/webhook/',
      'https://aisle/api/line/webhook/',
      'not a url',
    ])
      expect(isPublicHttpsUrl(url), url).toBe(false);
  });
});
