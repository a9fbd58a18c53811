import { fitWithin } from './fit';
import { readImageMetadata, stripJpegMetadata } from './metadata';

/** Longest side of a photo after downscaling (issue 21). */
export const MAX_PHOTO_SIDE = 2560;
const JPEG_QUALITY = 0.85;
/** How much of a file is read for its metadata. */
const HEAD_BYTES = 1024 * 1024;

/** Types a canvas can write back as they are (PNG keeps transparency). Anything else becomes JPEG. */
const KEEP_TYPE = new Set(['image/png', 'image/webp']);

const withExtension = (name: string, ext: string) => {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'photo'}.${ext}`;
};

async function encode(bitmap: ImageBitmap, width: number, height: number, type: string): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type, quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d context');
  g.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('canvas export failed'))), type, JPEG_QUALITY),
  );
}

/** A JPEG that could not be re-encoded: its metadata segments cut out, its pixels as they were. */
async function withoutMetadata(file: File): Promise<File> {
  const stripped = stripJpegMetadata(new Uint8Array(await file.arrayBuffer()));
  if (!stripped) throw new Error(`${file.name} is not a readable JPEG`);
  return new File([stripped as Uint8Array<ArrayBuffer>], file.name, {
    type: 'image/jpeg',
    lastModified: file.lastModified,
  });
}

/**
 * A photo ready for upload: decoded with its EXIF orientation applied, scaled down so its
 * longest side is at most `maxSide`, and written again through a canvas, which keeps pixels only:
 * EXIF (GPS position, camera serial), XMP and IPTC are gone.
 *
 * - JPEG, HEIC and other photos become JPEG (quality 0.85, name ending in `.jpg`); PNG and WebP
 *   keep their type (transparency).
 * - An image already small enough and without metadata is returned unchanged (no quality loss).
 * - A JPEG the browser cannot decode or re-encode (memory) keeps its size and pixels but loses
 *   its metadata segments (its orientation is kept).
 * - Files that are not images, GIFs (animation) and other images the browser cannot decode
 *   (HEIC outside Safari) are returned unchanged: the caller uploads them as they are, and the
 *   server removes their location and camera data (crates/images).
 */
export async function downscaleImage(file: File, maxSide = MAX_PHOTO_SIDE): Promise<File> {
  const isImage = file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name);
  if (!isImage || file.type === 'image/gif' || file.type === 'image/svg+xml') return file;
  // Metadata sits at the start of JPEG and WebP files; a longer file read only in part counts as
  // carrying some (PNG may keep text after the pixels), which only costs a lossless re-encode.
  const meta = readImageMetadata(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()));
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // Not decodable here (HEIC in Chromium/Firefox, or too large for the device's memory).
    return meta.format === 'jpeg' ? await withoutMetadata(file) : file;
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height, maxSide);
    const resized = size.width !== bitmap.width || size.height !== bitmap.height;
    if (!resized && !meta.hasMetadata && meta.format !== 'other') return file;
    const wanted = KEEP_TYPE.has(file.type) ? file.type : 'image/jpeg';
    let blob: Blob;
    try {
      blob = await encode(bitmap, size.width, size.height, wanted);
    } catch (err) {
      if (meta.format !== 'jpeg') throw err;
      return await withoutMetadata(file);
    }
    // Safari cannot write WebP and answers PNG: the name follows the type actually written.
    const type = blob.type || wanted;
    const name =
      type === file.type ? file.name : withExtension(file.name, type === 'image/jpeg' ? 'jpg' : type.split('/')[1]);
    return new File([blob], name, { type, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
