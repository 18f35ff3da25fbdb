import { describe, expect, it } from 'vitest';
import { requestForLog } from './log-serializers';
import { urlForLog } from './url-for-log';

describe('urlForLog', () => {
  it('leaves capability values out of the query and keeps every name and other value as sent', () => {
    expect(urlForLog('/api/files/upload/f1/?expires=1760000000&signature=c2lnbmVk%2Bx')).toBe(
      '/api/files/upload/f1/?expires=1760000000&signature=[redacted]',
    );
    expect(urlForLog('/?embedded=1&hmac=abc&host=YWRtaW4%3D&id_token=eyJ.x.y&locale=en&session=s3ss&shop=a.myshopify.com')).toBe(
      '/?embedded=1&hmac=[redacted]&host=YWRtaW4%3D&id_token=[redacted]&locale=en&session=[redacted]&shop=a.myshopify.com',
    );
    expect(urlForLog('/api/sh/callback/?code=c0de&state=st&shop=a.myshopify.com&timestamp=1')).toBe(
      '/api/sh/callback/?code=[redacted]&state=[redacted]&shop=a.myshopify.com&timestamp=1',
    );
    expect(urlForLog('/api/meta/webhook/?hub.mode=subscribe&hub.verify_token=v3rify&hub.challenge=42')).toBe(
      '/api/meta/webhook/?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=42',
    );
  });

  it('reads names as a browser encodes them, in any case, and tolerates malformed escapes', () => {
    expect(urlForLog('/shared/chat?TOKEN=abc&id%5Ftoken=def&x=%E0%A4%A&key')).toBe(
      '/shared/chat?TOKEN=[redacted]&id%5Ftoken=[redacted]&x=%E0%A4%A&key',
    );
    expect(urlForLog('/a?%zz=1&token=%zz')).toBe('/a?%zz=1&token=[redacted]');
    expect(urlForLog('not a url at all')).toBe('not a url at all');
  });

  it('leaves a capability out of the path where the route names it so', () => {
    expect(urlForLog('/api/accounts/confirm-email/Mjg6c2VjcmV0/', '/api/accounts/confirm-email/:key/')).toBe(
      '/api/accounts/confirm-email/[redacted]/',
    );
    expect(urlForLog('/api/downloads/0b7c/?signature=s', '/api/downloads/:id/')).toBe('/api/downloads/0b7c/?signature=[redacted]');
  });

  it('is what the request serializer logs', () => {
    const logged = requestForLog({
      method: 'GET',
      url: '/api/accounts/confirm-email/k3y/?token=t',
      routeOptions: { url: '/api/accounts/confirm-email/:key/' },
    });
    expect(logged).toMatchObject({ method: 'GET', url: '/api/accounts/confirm-email/[redacted]/?token=[redacted]' });
  });
});
