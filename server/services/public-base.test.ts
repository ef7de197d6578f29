import { describe, expect, it } from 'vitest';
import { isLocalHostname, linkBase, publicBaseUrl } from './public-base';

const env = (PUBLIC_URL?: string) => ({ PUBLIC_URL, PORT: 3000 });

describe('publicBaseUrl', () => {
  it('uses PUBLIC_URL when set, whatever the Host', () => {
    expect(publicBaseUrl(env('https://loja.exemplo.com.br/'), 'http://evil.example/x')).toBe(
      'https://loja.exemplo.com.br',
    );
  });

  it.each([
    'http://localhost:3000/api',
    'http://127.0.0.1:3000/api',
    'http://192.168.0.12:3000/api',
    'http://10.1.2.3/api',
    'http://172.20.0.5/api',
    'http://[::1]:3000/api',
    'http://app.localhost/api',
  ])('trusts a loopback or private-network Host without PUBLIC_URL (%s)', (url) => {
    expect(publicBaseUrl(env(), url)).toBe(new URL(url).origin);
  });

  it.each([
    'http://evil.example/api',
    'http://8.8.8.8/api',
    'http://172.32.0.1/api',
    'http://[2001:db8::1]/api',
    'http://localhost.evil.example/api',
  ])('trusts no other Host (%s)', (url) => {
    expect(publicBaseUrl(env(), url)).toBeNull();
  });

  it('has no public base without PUBLIC_URL and without a request', () => {
    expect(publicBaseUrl(env(), undefined)).toBeNull();
  });

  it('falls back to the loopback address for links that must exist, never to a public Host', () => {
    expect(linkBase(env(), 'http://evil.example/api')).toBe('http://localhost:3000');
    expect(linkBase(env(), 'http://192.168.0.12:3000/api')).toBe('http://192.168.0.12:3000');
    expect(linkBase(env('https://loja.exemplo.com.br'))).toBe('https://loja.exemplo.com.br');
  });

  it('knows private IPv6 ranges', () => {
    expect(isLocalHostname('[fd12:3456::1]')).toBe(true);
    expect(isLocalHostname('fe80::1')).toBe(true);
    expect(isLocalHostname('2001:4860::8888')).toBe(false);
  });
});
