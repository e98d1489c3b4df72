import { isAuthSecret, isPushEndpoint, isUncompressedP256, pushSubscriptionSchema, withDefaultPushPrefs } from './push';

const point = (first: number, length = 65) => Buffer.concat([Buffer.from([first]), Buffer.alloc(length - 1, 5)]);

describe('push endpoints', () => {
  it.each([
    ['Chrome, Edge on Android, Opera (FCM)', 'https://fcm.googleapis.com/fcm/send/dX7z:APA91b'],
    ['Firefox (Mozilla autopush)', 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB'],
    ['another Mozilla push host', 'https://updates-eu.push.services.mozilla.com/wpush/v1/abc'],
    ['Safari (Apple)', 'https://web.push.apple.com/QGx9ZKJ'],
    ['Edge on Windows (WNS)', 'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB'],
    ['port 443 written out', 'https://fcm.googleapis.com:443/fcm/send/abc'],
  ])('takes %s', (_name, endpoint) => {
    expect(isPushEndpoint(endpoint, false)).toBe(true);
  });

  it.each([
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['http to a push service', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a lookalike host', 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
    ['a host that only ends like one', 'https://evilpush.apple.com.example/abc'],
    ['a prefix glued to a push domain', 'https://evilnotify.windows.com/w/abc'],
    ['another Google API', 'https://storage.googleapis.com/bucket/object'],
    ['the bare parent of a push domain', 'https://apple.com/abc'],
    ['userinfo', 'https://user:pw@fcm.googleapis.com/fcm/send/abc'],
    ['a user name alone', 'https://fcm.googleapis.com@evil.example/fcm/send/abc'],
    ['any other https host', 'https://push.example.com/abc'],
    ['a trailing dot', 'https://fcm.googleapis.com./fcm/send/abc'],
    ['an address', 'https://127.0.0.1/abc'],
    ['the metadata address', 'https://169.254.169.254/latest'],
    ['an IPv6 address', 'https://[::1]/abc'],
    ['localhost over https', 'https://localhost/abc'],
    ['not a URL', 'fcm.googleapis.com/fcm/send/abc'],
    ['another scheme', 'ftp://fcm.googleapis.com/fcm/send/abc'],
  ])('refuses %s', (_name, endpoint) => {
    expect(isPushEndpoint(endpoint, false)).toBe(false);
    expect(isPushEndpoint(endpoint, true)).toBe(false);
  });

  it('takes http to this machine only on the local runtime, at any port', () => {
    expect(isPushEndpoint('http://127.0.0.1:4000/push/abc', true)).toBe(true);
    expect(isPushEndpoint('http://localhost:4000/push/abc', true)).toBe(true);
    expect(isPushEndpoint('http://127.0.0.1:4000/push/abc', false)).toBe(false);
    expect(isPushEndpoint('http://localhost/push', false)).toBe(false);
    expect(isPushEndpoint('http://localhost.example.com/abc', true)).toBe(false);
    expect(isPushEndpoint('http://me:pw@127.0.0.1:4000/push/abc', true)).toBe(false);
    expect(isPushEndpoint('https://localhost:2773/secretsmanager/get', true)).toBe(false);
  });
});

describe('subscription keys', () => {
  it('takes a 65-byte point starting 0x04 in base64url, and nothing else', () => {
    expect(isUncompressedP256(point(4).toString('base64url'))).toBe(true);
    expect(isUncompressedP256(point(2, 33).toString('base64url'))).toBe(false);
    expect(isUncompressedP256(point(3).toString('base64url'))).toBe(false);
    expect(isUncompressedP256(point(4).toString('base64'))).toBe(false);
  });

  it('takes a 16-byte auth secret', () => {
    expect(isAuthSecret(Buffer.alloc(16, 1).toString('base64url'))).toBe(true);
    expect(isAuthSecret(Buffer.alloc(15, 1).toString('base64url'))).toBe(false);
    expect(isAuthSecret('%%%')).toBe(false);
  });

  it('names each missing part of a subscription', async () => {
    await expect(pushSubscriptionSchema.validate({}, { abortEarly: false })).rejects.toMatchObject({
      errors: expect.arrayContaining(['endpoint is required', 'keys.p256dh is required', 'keys.auth is required']),
    });
  });
});

describe('push switches', () => {
  it('are on unless stored off, whatever else is stored', () => {
    expect(withDefaultPushPrefs(undefined)).toEqual({ digest: true, replies: true, approvals: true });
    expect(withDefaultPushPrefs({ digest: false, replies: 'no' })).toEqual({
      digest: false,
      replies: true,
      approvals: true,
    });
  });
});
