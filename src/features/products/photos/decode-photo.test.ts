/**
 * The scaled decode's plan (the decode itself needs a browser: tests/e2e/product-photos.test.ts):
 * a JPEG's stored size read from its header behind a camera's EXIF, and the smallest k/8 of it
 * that still makes a 1600 px long side.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegSize, scaledDecodeSize } from './decode-photo';

const jpeg = async (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'Camera', Model: 'x'.repeat(20_000) } })
    .toBuffer();

describe('a scaled decode', () => {
  it('reads the stored size of a JPEG behind its EXIF, and nothing from other files', async () => {
    const photo = await jpeg(4032, 3024);
    expect(await jpegSize(new Blob([new Uint8Array(photo)]))).toEqual({
      width: 4032,
      height: 3024,
    });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await jpegSize(new Blob([new Uint8Array(png)]))).toBeNull();
    expect(await jpegSize(new Blob(['%PDF-1.4 not a photo']))).toBeNull();
    expect(await jpegSize(new Blob([new Uint8Array(photo.subarray(0, 200))]))).toBeNull();
  });

  it('asks the smallest eighth whose long side still reaches 1600 px, none when too small', () => {
    expect(scaledDecodeSize(4000, 3000, 1600)).toEqual({ width: 2000, height: 1500 });
    expect(scaledDecodeSize(8000, 6000, 1600)).toEqual({ width: 2000, height: 1500 });
    expect(scaledDecodeSize(4032, 3024, 1600)).toEqual({ width: 2016, height: 1512 });
    // Half would be 1400 px (too small): five eighths.
    expect(scaledDecodeSize(2800, 2100, 1600)).toEqual({ width: 1750, height: 1313 });
    expect(scaledDecodeSize(3000, 4000, 1600)).toEqual({ width: 1500, height: 2000 });
    expect(scaledDecodeSize(1700, 1200, 1600)).toBeNull();
    expect(scaledDecodeSize(1200, 900, 1600)).toBeNull();
  });
});
