/** The worker's push handlers: what a pushed order shows, and where a tap on it lands. */
import { describe, expect, it, vi } from 'vitest';
import { TaliDb } from '../src/db/db';
import { openFromNotification, readPush, registerPushEvents, showPush } from './push-events';

const ORIGIN = 'https://app.tali.test';
const data = (value: unknown) => ({ json: () => value });
const order = {
  title: 'Novo pedido P-4K7Q — R$ 45,90',
  body: 'Toque para ver o pedido.',
  url: '/pedidos/abc',
  tag: 'pedido-abc',
};

describe('a pushed notification', () => {
  it('shows the order title, body, icon, url and a tag per order', async () => {
    const showNotification = vi.fn(async () => {});
    await showPush({ showNotification }, readPush(data(order), ORIGIN));
    expect(showNotification).toHaveBeenCalledWith(order.title, {
      body: order.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      data: { url: '/pedidos/abc' },
      tag: 'pedido-abc',
    });
  });

  it('unreadable data still shows the app name (a push must show something)', () => {
    const broken = {
      json: () => {
        throw new SyntaxError('Unexpected token');
      },
    };
    expect(readPush(broken, ORIGIN)).toEqual({ title: 'Talí', body: '', url: '/' });
    expect(readPush(null, ORIGIN)).toEqual({ title: 'Talí', body: '', url: '/' });
    expect(readPush(data([1, 2]), ORIGIN).title).toBe('Talí');
  });

  it('a url on another site becomes the app home', () => {
    expect(readPush(data({ ...order, url: 'https://evil.test/x' }), ORIGIN).url).toBe('/');
    expect(readPush(data({ ...order, url: '//evil.test/x' }), ORIGIN).url).toBe('/');
    expect(readPush(data({ ...order, url: `${ORIGIN}/pedidos/1?a=b` }), ORIGIN).url).toBe(
      '/pedidos/1?a=b',
    );
  });
});

function windowAt(url: string) {
  const win = {
    url,
    focus: vi.fn(async () => win as unknown as WindowClient),
    navigate: vi.fn(
      async (to: string) => ({ ...win, url: `${ORIGIN}${to}` }) as unknown as WindowClient,
    ),
  };
  return win;
}

describe('tapping the notification', () => {
  it('focuses the open app and takes it to the order', async () => {
    const app = windowAt(`${ORIGIN}/`);
    const openWindow = vi.fn(async () => null);
    await openFromNotification(
      { matchAll: async () => [windowAt('https://other.test/'), app], openWindow },
      { url: '/pedidos/abc' },
      ORIGIN,
    );
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith('/pedidos/abc');
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens the app at the order when no window is open', async () => {
    const openWindow = vi.fn(async () => null);
    await openFromNotification(
      { matchAll: async () => [], openWindow },
      { url: '/pedidos/abc' },
      ORIGIN,
    );
    expect(openWindow).toHaveBeenCalledWith('/pedidos/abc');
  });

  it('opens a window when the open one cannot be navigated (not controlled)', async () => {
    const app = windowAt(`${ORIGIN}/`);
    app.navigate.mockResolvedValueOnce(null as unknown as WindowClient);
    const openWindow = vi.fn(async () => null);
    await openFromNotification(
      { matchAll: async () => [app], openWindow },
      { url: '/pedidos/abc' },
      ORIGIN,
    );
    expect(openWindow).toHaveBeenCalledWith('/pedidos/abc');
  });

  it('a window already on the order is only focused', async () => {
    const app = windowAt(`${ORIGIN}/pedidos/abc`);
    await openFromNotification(
      { matchAll: async () => [app], openWindow: vi.fn() },
      { url: '/pedidos/abc' },
      ORIGIN,
    );
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).not.toHaveBeenCalled();
  });
});

describe('the worker registration', () => {
  it('a push event shows the notification and tells open pages to pull; a click closes it and opens the order', async () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const showNotification = vi.fn(async () => {});
    const openWindow = vi.fn(async () => null);
    const worker = {
      location: { origin: ORIGIN },
      registration: { showNotification },
      clients: { matchAll: async () => [], openWindow },
      addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    };
    const announce = vi.fn();
    registerPushEvents(worker as unknown as ServiceWorkerGlobalScope, announce, new TaliDb());

    const waits: Promise<unknown>[] = [];
    const waitUntil = (p: Promise<unknown>) => waits.push(p);
    listeners.get('push')?.({ data: data(order), waitUntil });
    const close = vi.fn();
    listeners.get('notificationclick')?.({
      notification: { close, data: { url: '/pedidos/abc' } },
      waitUntil,
    });
    await Promise.all(waits);
    expect(showNotification).toHaveBeenCalledWith(
      order.title,
      expect.objectContaining({ tag: order.tag }),
    );
    expect(announce).toHaveBeenCalledExactlyOnceWith({ type: 'server-news' });
    expect(close).toHaveBeenCalled();
    expect(openWindow).toHaveBeenCalledWith('/pedidos/abc');
  });
});
