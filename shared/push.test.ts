import { isAuthSecret, isPushEndpoint, isUncompressedP256, pushSubscriptionSchema, withDefaultPushPrefs } from './push';

const point = (first: number, length = 65) => Buffer.concat([Buffer.from([first]), Buffer.alloc(length - 1, 5)]);

describe('push endpoints', () => {
  it('takes https anywhere, and http only to this machine on the local runtime', () => {
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(isPushEndpoint('http://127.0.0.1:4000/push/abc', true)).toBe(true);
    expect(isPushEndpoint('http://localhost:4000/push/abc', true)).toBe(true);
    expect(isPushEndpoint('http://127.0.0.1:4000/push/abc', false)).toBe(false);
    expect(isPushEndpoint('http://localhost/push', false)).toBe(false);
    expect(isPushEndpoint('http://push.example.com/abc', true)).toBe(false);
    expect(isPushEndpoint('http://localhost.example.com/abc', true)).toBe(false);
  });

  it('refuses what is not a URL, other schemes and userinfo', () => {
    expect(isPushEndpoint('push.example.com/abc', false)).toBe(false);
    expect(isPushEndpoint('ftp://push.example.com/abc', false)).toBe(false);
    expect(isPushEndpoint('https://me:secret@push.example.com/abc', false)).toBe(false);
  });

  it('refuses https to an address or to localhost: never a request aimed at the machine itself', () => {
    expect(isPushEndpoint('https://127.0.0.1/abc', false)).toBe(false);
    expect(isPushEndpoint('https://169.254.169.254/latest', false)).toBe(false);
    expect(isPushEndpoint('https://[::1]/abc', false)).toBe(false);
    expect(isPushEndpoint('https://localhost:2773/secretsmanager/get', true)).toBe(false);
    expect(isPushEndpoint('https://api.localhost/abc', false)).toBe(false);
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
