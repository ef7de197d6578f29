/** Photos for the browser tests: camera-like JPEGs, and the product's photos on the server. */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

/** A camera-like JPEG: left half red, right half `right`, EXIF orientation 6 and a GPS position. */
export async function cameraJpeg(
  width: number,
  height: number,
  right = '#0000ff',
): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const red = await sharp({
    create: { width: half, height, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: right } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TaliCam', Model: 'Phone 12MP' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 0/1',
      },
    })
    .toBuffer();
}

/** A photo uploaded from "another phone" (straight to the API). */
export async function uploadFromAnotherPhone(
  baseUrl: string,
  token: string,
  productId: string,
  bytes: Buffer,
): Promise<number> {
  const res = await fetch(`${baseUrl}/api/products/${productId}/photos/${randomUUID()}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  return res.status;
}

export type ServerProduct = { id: string; name: string; photos: { id: string; url: string }[] };
