import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** A w×h PNG of one colour: the product pictures the storefront serves. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Answers the page's (and its frames') requests to a shop's image CDN with a small picture each,
 * so product cards show pictures and no request leaves the machine (nor asks DNS for a name).
 * Returns the paths asked for.
 */
export async function serveShopPictures(page: Page, cdnOrigin: string, pictures: Record<string, Buffer> = {}): Promise<string[]> {
  const asked: string[] = [];
  const fallback = solidPng(8, 8, [200, 200, 200]);
  await page.context().route(`${cdnOrigin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    asked.push(path);
    return route.fulfill({ status: 200, contentType: 'image/png', body: pictures[path] ?? fallback });
  });
  return asked;
}
