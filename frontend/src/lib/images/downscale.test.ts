import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { downscaleImage } from './downscale';
import { readImageMetadata } from './metadata';

// The decisions of the downscaler, with the browser's decoder and canvas stubbed. The pixels
// themselves (orientation, size, GPS gone) are checked in real Chromium: e2e/downscale.spec.mjs.

const SOI = [0xff, 0xd8];
const EXIF_APP1 = [0xff, 0xe1, 0x00, 0x08, 0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0", empty
const JFIF_APP0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
const SOS = [0xff, 0xda, 0x00, 0x02, 0xff, 0xd9];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0, 0, 0, 0];

const file = (bytes: number[], name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

function stubBrowser(width: number, height: number) {
  const drawn: { width: number; height: number; type?: string }[] = [];
  const close = vi.fn();
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(() => Promise.resolve({ width, height, close })),
  );
  class FakeCanvas {
    constructor(
      public width: number,
      public height: number,
    ) {}
    getContext() {
      return { drawImage: () => {} };
    }
    convertToBlob({ type }: { type: string }) {
      drawn.push({ width: this.width, height: this.height, type });
      return Promise.resolve(new Blob([new Uint8Array([...SOI, ...JFIF_APP0, ...SOS])], { type }));
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  return { drawn, close };
}

// jsdom's Blob has no arrayBuffer(): read it through FileReader.
beforeAll(() => {
  if (typeof Blob.prototype.arrayBuffer === 'function') return;
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsArrayBuffer(this);
    });
  };
});

describe('downscaleImage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('leaves files that are not images alone', async () => {
    const pdf = file([0x25, 0x50, 0x44, 0x46], 'quote.pdf', 'application/pdf');
    expect(await downscaleImage(pdf)).toBe(pdf);
  });

  it('passes a small image without metadata through unchanged', async () => {
    const { drawn, close } = stubBrowser(640, 480);
    const png = file(PNG, 'plan.png', 'image/png');
    expect(await downscaleImage(png)).toBe(png);
    expect(drawn).toEqual([]);
    expect(close).toHaveBeenCalled();
  });

  it('re-encodes a small JPEG that has EXIF (its GPS must go), at the same size', async () => {
    const { drawn } = stubBrowser(800, 600);
    const out = await downscaleImage(file([...SOI, ...EXIF_APP1, ...SOS], 'site.jpeg', 'image/jpeg'));
    expect(drawn).toEqual([{ width: 800, height: 600, type: 'image/jpeg' }]);
    expect(out.name).toBe('site.jpeg');
    expect(out.type).toBe('image/jpeg');
  });

  it('scales a large photo to 2,560 px on its longest side', async () => {
    const { drawn } = stubBrowser(3000, 4000);
    await downscaleImage(file([...SOI, ...JFIF_APP0, ...SOS], 'wall.jpg', 'image/jpeg'));
    expect(drawn).toEqual([{ width: 1920, height: 2560, type: 'image/jpeg' }]);
  });

  it('keeps a large PNG a PNG, and writes a decodable HEIC as JPEG', async () => {
    const { drawn } = stubBrowser(5120, 100);
    expect((await downscaleImage(file(PNG, 'scan.png', 'image/png'))).name).toBe('scan.png');
    const heic = await downscaleImage(file([0, 0, 0, 0x18], 'IMG_0042.HEIC', 'image/heic'));
    expect(heic.name).toBe('IMG_0042.jpg');
    expect(heic.type).toBe('image/jpeg');
    expect(drawn.map((d) => d.type)).toEqual(['image/png', 'image/jpeg']);
  });

  it('cuts the metadata of a JPEG the browser cannot decode, keeping its pixels', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new DOMException('out of memory', 'InvalidStateError'))),
    );
    const out = await downscaleImage(file([...SOI, ...EXIF_APP1, ...JFIF_APP0, ...SOS], 'huge.jpg', 'image/jpeg'));
    const bytes = new Uint8Array(await out.arrayBuffer());
    expect(Array.from(bytes)).toEqual([...SOI, ...JFIF_APP0, ...SOS]);
    expect(readImageMetadata(bytes).hasMetadata).toBe(false);
  });

  it('uploads a HEIC the browser cannot decode as it is', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))),
    );
    const heic = file([0, 0, 0, 0x18], 'IMG_0043.heic', '');
    expect(await downscaleImage(heic)).toBe(heic);
  });
});
