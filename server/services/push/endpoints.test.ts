/** Which push endpoints are accepted, and the push settings' start-up checks. */
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env';
import { DEFAULT_ENDPOINT_HOSTS, isAllowedEndpoint, parseEndpointHosts } from './endpoints';

const defaults = parseEndpointHosts(DEFAULT_ENDPOINT_HOSTS) ?? [];

describe('the default push services', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABm',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    'https://FCM.googleapis.com:443/fcm/send/x',
  ])('accepts %s', (endpoint) => {
    expect(isAllowedEndpoint(endpoint, defaults)).toBe(true);
  });

  it.each([
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://fcm.googleapis.com.evil.example/x',
    'https://evilpush.apple.com/x',
    'https://push.apple.com/x',
    'https://user:pw@fcm.googleapis.com/x',
    'https://127.0.0.1/x',
    'https://localhost/x',
    'not a url',
    `https://fcm.googleapis.com/${'x'.repeat(2000)}`,
  ])('refuses %s', (endpoint) => {
    expect(isAllowedEndpoint(endpoint, defaults)).toBe(false);
  });
});

describe('PUSH_ENDPOINT_HOSTS', () => {
  it('replaces the list, with ports and wildcards', () => {
    const hosts = parseEndpointHosts('127.0.0.1:8443, *.example.test') ?? [];
    expect(isAllowedEndpoint('https://127.0.0.1:8443/p', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://127.0.0.1/p', hosts)).toBe(false);
    expect(isAllowedEndpoint('https://a.example.test/p', hosts)).toBe(true);
    expect(isAllowedEndpoint('https://fcm.googleapis.com/p', hosts)).toBe(false);
  });

  it.each(['', ' , ', 'https://fcm.googleapis.com', 'host:99999', 'a_b.com', 'host:'])(
    'a bad list (%j) stops the server',
    (value) => {
      expect(() => readEnv({ PUSH_ENDPOINT_HOSTS: value })).toThrow(/PUSH_ENDPOINT_HOSTS/);
    },
  );
});

describe('VAPID settings', () => {
  it('the key pair goes together', () => {
    const publicKey = `B${'a'.repeat(86)}`;
    expect(() => readEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/go together/);
  });

  it('a malformed key or subject stops the server', () => {
    expect(() => readEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'a'.repeat(43) })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => readEnv({ VAPID_SUBJECT: 'http://loja.example' })).toThrow(/VAPID_SUBJECT/);
    expect(readEnv({ VAPID_SUBJECT: 'mailto:dono@loja.example' }).VAPID_SUBJECT).toBe(
      'mailto:dono@loja.example',
    );
  });
});
