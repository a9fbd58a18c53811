/**
 * Just enough of JPEG, PNG and WebP to tell whether an image carries metadata (EXIF, XMP, text
 * chunks: where phones write GPS positions) and, for JPEG, its EXIF orientation and GPS block.
 * Used to decide whether a photo must be re-encoded before upload, and by the tests.
 */

export interface JpegExif {
  /** EXIF Orientation (1–8), or null when absent. */
  orientation: number | null;
  /** IFD0 points to a GPS IFD (tag 0x8825). */
  hasGps: boolean;
}

export interface ImageMetadata {
  format: 'jpeg' | 'png' | 'webp' | 'other';
  /** Any segment or chunk that may hold personal data (EXIF, XMP, IPTC, PNG text). */
  hasMetadata: boolean;
  /** Parsed EXIF of a JPEG's APP1 segment, null when there is none. */
  exif: JpegExif | null;
}

/** APPn markers that hold no personal data: JFIF, ICC colour profile, Adobe colour transform. */
const HARMLESS_APP = [0xe0, 0xe2, 0xee];

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));

/** Reads the TIFF structure of an EXIF block (`tiff` starts at the byte-order mark). */
export function readTiff(tiff: Uint8Array): JpegExif | null {
  if (tiff.length < 8) return null;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  if (view.getUint16(2, le) !== 42) return null;
  const ifd0 = view.getUint32(4, le);
  if (ifd0 + 2 > tiff.length) return null;
  const count = view.getUint16(ifd0, le);
  let orientation: number | null = null;
  let hasGps = false;
  for (let i = 0; i < count; i += 1) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    const tag = view.getUint16(entry, le);
    if (tag === 0x0112) orientation = view.getUint16(entry + 8, le);
    else if (tag === 0x8825) hasGps = true;
  }
  return { orientation, hasGps };
}

function readJpeg(b: Uint8Array): ImageMetadata {
  let hasMetadata = false;
  let exif: JpegExif | null = null;
  let at = 2;
  let complete = false;
  while (at + 4 <= b.length && b[at] === 0xff) {
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) {
      complete = true; // image data: no more metadata segments
      break;
    }
    const length = (b[at + 2] << 8) | b[at + 3];
    const body = b.subarray(at + 4, at + 2 + length);
    // Every APPn but the harmless ones (EXIF/XMP in APP1, IPTC in APP13…) and comments may.
    if ((marker >= 0xe0 && marker <= 0xef && !HARMLESS_APP.includes(marker)) || marker === 0xfe) {
      hasMetadata = true;
    }
    if (marker === 0xe1 && ascii(body, 0, 6) === 'Exif\0\0') exif ??= readTiff(body.subarray(6));
    at += 2 + length;
  }
  // Bytes cut before the image data may hide more segments.
  return { format: 'jpeg', hasMetadata: hasMetadata || !complete, exif };
}

function readPng(b: Uint8Array): ImageMetadata {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 8;
  let hasMetadata = false;
  while (at + 8 <= b.length) {
    const length = view.getUint32(at);
    const type = ascii(b, at + 4, 4);
    if (['eXIf', 'tEXt', 'iTXt', 'zTXt'].includes(type)) hasMetadata = true;
    if (type === 'IEND') return { format: 'png', hasMetadata, exif: null };
    at += 12 + length;
  }
  // Cut before IEND: text chunks may follow the pixels.
  return { format: 'png', hasMetadata: true, exif: null };
}

function readWebp(b: Uint8Array): ImageMetadata {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let at = 12;
  let hasMetadata = false;
  while (at + 8 <= b.length) {
    const type = ascii(b, at, 4);
    if (type === 'EXIF' || type === 'XMP ') hasMetadata = true;
    const length = view.getUint32(at + 4, true);
    at += 8 + length + (length % 2);
  }
  return { format: 'webp', hasMetadata, exif: null };
}

/** What an image file's bytes say of its format and metadata. */
export function readImageMetadata(bytes: Uint8Array): ImageMetadata {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return readJpeg(bytes);
  if (bytes.length >= 8 && ascii(bytes, 1, 3) === 'PNG') return readPng(bytes);
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return readWebp(bytes);
  // Unknown formats (HEIC…) are assumed to carry metadata.
  return { format: 'other', hasMetadata: true, exif: null };
}

/** A minimal EXIF APP1 segment holding only an Orientation (big-endian TIFF). */
function orientationSegment(orientation: number): Uint8Array {
  const s = new Uint8Array(4 + 6 + 8 + 2 + 12 + 4);
  const v = new DataView(s.buffer);
  v.setUint16(0, 0xffe1);
  v.setUint16(2, s.length - 2);
  s.set([0x45, 0x78, 0x69, 0x66, 0, 0], 4); // "Exif\0\0"
  const t = 10;
  s.set([0x4d, 0x4d], t); // "MM"
  v.setUint16(t + 2, 42);
  v.setUint32(t + 4, 8);
  v.setUint16(t + 8, 1); // one entry
  v.setUint16(t + 10, 0x0112);
  v.setUint16(t + 12, 3); // SHORT
  v.setUint32(t + 14, 1);
  v.setUint16(t + 18, orientation);
  return s; // next-IFD offset: the trailing zeros
}

/**
 * The JPEG without its metadata segments (EXIF, XMP, IPTC, comments), pixels untouched: the
 * fallback when the browser cannot decode a photo to re-encode it. The EXIF orientation is kept
 * (alone, in a new EXIF segment) so the photo still shows upright. Null when `bytes` is not a
 * JPEG whose segments can be walked up to the image data.
 */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const orientation = readJpeg(bytes).exif?.orientation ?? null;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  if (orientation && orientation > 1 && orientation <= 8) kept.push(orientationSegment(orientation));
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xda) {
      kept.push(bytes.subarray(at)); // image data to the end
      const out = new Uint8Array(kept.reduce((n, k) => n + k.length, 0));
      let o = 0;
      for (const k of kept) {
        out.set(k, o);
        o += k.length;
      }
      return out;
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    const isApp = marker >= 0xe0 && marker <= 0xef;
    if (!(isApp && !HARMLESS_APP.includes(marker)) && marker !== 0xfe) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  return null;
}
