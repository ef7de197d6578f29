import { describe, expect, it } from 'vitest';
import { keepUnchanged, sameStored } from './unchanged-rows';

const none = async () => {};

describe('sameStored', () => {
  it('compares rows by content, nested photo lists included', () => {
    const row = { id: 'a', name: 'Pão', photos: [{ id: 'p', position: 0 }] };
    expect(sameStored(row, structuredClone(row))).toBe(true);
    expect(sameStored(row, { ...row, photos: [{ id: 'p', position: 1 }] })).toBe(false);
    expect(sameStored(row, { ...row, extra: undefined })).toBe(false);
    expect(sameStored({ ...row, extra: undefined }, row)).toBe(false);
    expect(sameStored(row, { ...row, name: 'Pao' })).toBe(false);
  });

  it('never calls two different blobs the same', () => {
    expect(sameStored({ b: new Blob(['x']) }, { b: new Blob(['x']) })).toBe(false);
  });
});

describe('keepUnchanged', () => {
  const a = { id: 'a', v: 1 };
  const b = { id: 'b', v: 1 };
  const c = { id: 'c', v: 1 };

  it('answers the previous list when a fresh read holds the same rows in the same order', async () => {
    const previous = [a, b, c];
    expect(await keepUnchanged(previous, structuredClone(previous), none)).toBe(previous);
  });

  it('keeps the objects of unchanged rows after a row moved, and takes the changed ones', async () => {
    const previous = [a, b, c];
    const next = await keepUnchanged(
      previous,
      [
        { id: 'c', v: 1 },
        { id: 'a', v: 2 },
        { id: 'b', v: 1 },
      ],
      none,
    );
    expect(next).not.toBe(previous);
    expect(next[0]).toBe(c);
    expect(next[1]).toEqual({ id: 'a', v: 2 });
    expect(next[2]).toBe(b);
  });

  it('sees a row gone even when the others are the same objects', async () => {
    const previous = [a, b, c];
    const next = await keepUnchanged(
      previous,
      [
        { id: 'a', v: 1 },
        { id: 'c', v: 1 },
      ],
      none,
    );
    expect(next).toEqual([a, c]);
    expect(next).not.toBe(previous);
  });
});
