import { describe, expect, it } from 'vitest';
import { readImageMetadata, readTiff, stripJpegMetadata } from './metadata';

/** A TIFF block (EXIF body): IFD0 with Orientation and/or a GPS IFD pointer, in either byte order. */
function tiff({ orientation, gps, le = false }: { orientation?: number; gps?: boolean; le?: boolean }) {
  const entries: [number, number, number, number][] = []; // tag, type, count, value
  if (orientation) entries.push([0x0112, 3, 1, orientation]);
  if (gps) entries.push([0x8825, 4, 1, 0]);
  const ifd0 = 8;
  const gpsAt = ifd0 + 2 + entries.length * 12 + 4;
  const bytes = new Uint8Array(gpsAt + (gps ? 2 + 12 + 4 : 0));
  const v = new DataView(bytes.buffer);
  bytes.set(le ? [0x49, 0x49] : [0x4d, 0x4d]);
  v.setUint16(2, 42, le);
  v.setUint32(4, ifd0, le);
  v.setUint16(ifd0, entries.length, le);
  entries.forEach(([tag, type, count, value], i) => {
    const at = ifd0 + 2 + i * 12;
    v.setUint16(at, tag, le);
    v.setUint16(at + 2, type, le);
    v.setUint32(at + 4, count, le);
    if (type === 3) v.setUint16(at + 8, value, le);
    else v.setUint32(at + 8, tag === 0x8825 ? gpsAt : value, le);
  });
  if (gps) {
    v.setUint16(gpsAt, 1, le); // one entry: GPSLatitudeRef = 'N'
    v.setUint16(gpsAt + 2, 1, le);
    v.setUint16(gpsAt + 4, 2, le);
    v.setUint32(gpsAt + 6, 2, le);
    bytes[gpsAt + 10] = 0x4e;
  }
  return bytes;
}

const segment = (marker: number, body: Uint8Array) => {
  const out = new Uint8Array(4 + body.length);
  out.set([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  out.set(body, 4);
  return out;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const text = (s: string) => new TextEncoder().encode(s);
const SOI = new Uint8Array([0xff, 0xd8]);
const SOS = new Uint8Array([0xff, 0xda, 0, 2, 1, 2, 3, 0xff, 0xd9]);
const jfif = segment(0xe0, text('JFIF\0\x01\x01\0\0\x01\0\x01\0\0'));
const exifSegment = (o: Parameters<typeof tiff>[0]) => segment(0xe1, concat(text('Exif\0\0'), tiff(o)));

describe('readTiff', () => {
  it('finds the orientation and the GPS block, big- and little-endian', () => {
    expect(readTiff(tiff({ orientation: 6, gps: true }))).toEqual({ orientation: 6, hasGps: true });
    expect(readTiff(tiff({ orientation: 8, le: true }))).toEqual({ orientation: 8, hasGps: false });
    expect(readTiff(tiff({ gps: true, le: true }))).toEqual({ orientation: null, hasGps: true });
  });

  it('refuses what is not TIFF, and survives truncation', () => {
    expect(readTiff(text('not a tiff at all'))).toBeNull();
    expect(readTiff(tiff({ orientation: 6, gps: true }).subarray(0, 12))).toEqual({ orientation: null, hasGps: false });
  });
});

describe('readImageMetadata', () => {
  it('reads a camera JPEG: EXIF with orientation 6 and GPS', () => {
    const meta = readImageMetadata(concat(SOI, exifSegment({ orientation: 6, gps: true }), jfif, SOS));
    expect(meta).toEqual({ format: 'jpeg', hasMetadata: true, exif: { orientation: 6, hasGps: true } });
  });

  it('sees a plain canvas JPEG (JFIF only, as our downscaler writes) as clean', () => {
    expect(readImageMetadata(concat(SOI, jfif, SOS))).toEqual({ format: 'jpeg', hasMetadata: false, exif: null });
  });

  it('counts a JPEG cut before its image data as carrying metadata (more segments may follow)', () => {
    expect(readImageMetadata(concat(SOI, jfif)).hasMetadata).toBe(true);
  });

  it('counts XMP, IPTC and comments as metadata, an ICC profile not', () => {
    const xmp = segment(0xe1, text('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>'));
    expect(readImageMetadata(concat(SOI, xmp, SOS)).hasMetadata).toBe(true);
    expect(readImageMetadata(concat(SOI, segment(0xed, text('Photoshop 3.0\0')), SOS)).hasMetadata).toBe(true);
    expect(readImageMetadata(concat(SOI, segment(0xfe, text('taken at 12 Elm St')), SOS)).hasMetadata).toBe(true);
    expect(readImageMetadata(concat(SOI, segment(0xe2, text('ICC_PROFILE\0')), SOS)).hasMetadata).toBe(false);
  });

  it('reads PNG chunks: eXIf and text are metadata', () => {
    const chunk = (type: string, data = new Uint8Array()) => {
      const out = new Uint8Array(12 + data.length);
      new DataView(out.buffer).setUint32(0, data.length);
      out.set(text(type), 4);
      out.set(data, 8);
      return out;
    };
    const sig = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = chunk('IHDR', new Uint8Array(13));
    expect(readImageMetadata(concat(sig, ihdr, chunk('IDAT'), chunk('IEND')))).toEqual({
      format: 'png',
      hasMetadata: false,
      exif: null,
    });
    expect(readImageMetadata(concat(sig, ihdr, chunk('eXIf', tiff({ gps: true })), chunk('IEND'))).hasMetadata).toBe(
      true,
    );
  });

  it('reads WebP chunks, and assumes unknown formats (HEIC) carry metadata', () => {
    const riff = (chunks: string[]) =>
      concat(text('RIFF\0\0\0\0WEBP'), ...chunks.map((c) => concat(text(c), new Uint8Array(4))));
    expect(readImageMetadata(riff(['VP8X', 'VP8 '])).hasMetadata).toBe(false);
    expect(readImageMetadata(riff(['VP8X', 'EXIF'])).hasMetadata).toBe(true);
    expect(readImageMetadata(text('\0\0\0\x18ftypheic')).format).toBe('other');
    expect(readImageMetadata(text('\0\0\0\x18ftypheic')).hasMetadata).toBe(true);
  });
});

describe('stripJpegMetadata', () => {
  it('cuts EXIF, XMP, IPTC and comments, keeps the rest and the image data byte for byte', () => {
    const icc = segment(0xe2, text('ICC_PROFILE\0'));
    const xmp = segment(0xe1, text('http://ns.adobe.com/xap/1.0/\0<x/>'));
    const com = segment(0xfe, text('12 Elm St'));
    const dqt = segment(0xdb, new Uint8Array([0, 1, 2]));
    const out = stripJpegMetadata(concat(SOI, exifSegment({ gps: true }), jfif, xmp, icc, com, dqt, SOS));
    expect(out).toEqual(concat(SOI, jfif, icc, dqt, SOS));
    expect(readImageMetadata(out!)).toEqual({ format: 'jpeg', hasMetadata: false, exif: null });
  });

  it('keeps the orientation alone, so the photo still shows upright', () => {
    const out = stripJpegMetadata(concat(SOI, exifSegment({ orientation: 6, gps: true }), jfif, SOS))!;
    expect(readImageMetadata(out).exif).toEqual({ orientation: 6, hasGps: false });
  });

  it('refuses what is not a whole JPEG', () => {
    expect(stripJpegMetadata(text('GIF89a'))).toBeNull();
    expect(stripJpegMetadata(concat(SOI, jfif))).toBeNull();
  });
});
