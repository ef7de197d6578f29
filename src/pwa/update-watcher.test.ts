/** The update watcher announces each new waiting worker once, however it was found. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchForWaitingWorker } from './update-watcher';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  /** What the browser does when an update check finds a new script. */
  findUpdate(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }
  finishInstall(worker: FakeWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.install();
  }
}

let controller: object | null;
let registration: FakeRegistration;
let seen: FakeWorker[];

function watch() {
  return watchForWaitingWorker(registration as unknown as ServiceWorkerRegistration, (w) =>
    seen.push(w as unknown as FakeWorker),
  );
}

beforeEach(() => {
  controller = {};
  vi.stubGlobal('navigator', {
    serviceWorker: {
      get controller() {
        return controller;
      },
    },
  });
  registration = new FakeRegistration();
  seen = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('watching for a new version', () => {
  it('announces every release found during a long session, each once', () => {
    watch();

    const second = registration.findUpdate();
    registration.finishInstall(second);
    const third = registration.findUpdate();
    registration.finishInstall(third);

    expect(seen).toEqual([second, third]);
  });

  it('announces a worker already waiting when the page opens, and not again on a check', () => {
    const waiting = new FakeWorker();
    waiting.state = 'installed';
    registration.waiting = waiting;

    const watcher = watch();
    watcher.check();

    expect(seen).toEqual([waiting]);
  });

  it('says nothing on the first install, when no version controls the page yet', () => {
    controller = null;
    watch();

    registration.finishInstall(registration.findUpdate());

    expect(seen).toEqual([]);
  });
});
