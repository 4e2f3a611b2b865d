import {
  REPORT_PHOTO_MAX_BYTES,
  REPORT_PHOTO_MAX_PIXELS,
  REPORT_PHOTO_MAX_SIDE,
  REPORT_PHOTO_TYPES,
} from '@smart-city/shared';
import sharp, { type Metadata } from 'sharp';
import { Invalid, TooLarge, UnsupportedType } from '../../lib/domain-errors';

// One libvips thread per photo: a photo is small work, and the cores are shared with the requests
// and the database. Decoded uploads are never seen twice, so caching them only holds memory.
sharp.concurrency(1);
sharp.cache(false);

type PhotoType = (typeof REPORT_PHOTO_TYPES)[number];

/** What each type's bytes start with, and the name sharp gives its decoder. */
const FORMATS: Record<
  PhotoType,
  { name: string; decoder: string; matches: (b: Uint8Array) => boolean }
> = {
  'image/jpeg': {
    name: 'JPEG',
    decoder: 'jpeg',
    matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  },
  'image/png': {
    name: 'PNG',
    decoder: 'png',
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  'image/webp': {
    name: 'WebP',
    decoder: 'webp',
    matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
};

/** Stored photos are JPEG at this quality: small enough for a phone, clear enough to see a pothole. */
const JPEG_QUALITY = 82;

/**
 * Photos decoded at once. A photo up to the pixel limit takes ~180 MB once decoded and holds one of
 * libuv's four threads, which file reads and password hashing also wait for; a burst of uploads
 * queues here instead.
 */
const MAX_CLEANING_AT_ONCE = 2;

const MEGAPIXEL = 1_000_000;

/** Decoder options for untrusted bytes: refuse damaged pixel data, and never past the pixel limit. */
const DECODE = {
  limitInputPixels: REPORT_PHOTO_MAX_PIXELS,
  // 'error' rather than the stricter 'warning': phones write JPEGs libjpeg warns about but reads whole.
  failOn: 'error',
  pages: 1,
} as const;

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function isPhotoType(type: string): type is PhotoType {
  return (REPORT_PHOTO_TYPES as readonly string[]).includes(type);
}

let cleaning = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (cleaning < MAX_CLEANING_AT_ONCE) cleaning += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next photo waiting, so none can overtake it.
    const next = waiting.shift();
    if (next) next();
    else cleaning -= 1;
  }
}

function tooManyPixels(width: number, height: number): TooLarge {
  const megapixels = Math.ceil((width * height) / (MEGAPIXEL / 10)) / 10;
  return new TooLarge(
    `The image is too many megapixels: ${width}×${height} is ${megapixels} MP, at most ${REPORT_PHOTO_MAX_PIXELS / MEGAPIXEL} MP`,
  );
}

const unreadable = (format: string) =>
  new Invalid(`The photo cannot be read: the ${format} image is damaged or incomplete`);

/**
 * A citizen's photo made safe to store and show: checked to be the image it claims, turned upright,
 * stripped of everything but its pixels (EXIF with the GPS position and the camera, XMP, IPTC,
 * colour profiles after converting to sRGB), fitted within REPORT_PHOTO_MAX_SIDE and re-encoded as
 * JPEG. Refuses a type other than JPEG, PNG or WebP (UnsupportedType), more than
 * REPORT_PHOTO_MAX_BYTES or REPORT_PHOTO_MAX_PIXELS (TooLarge, the pixels judged from the header
 * before anything is decoded), and bytes that are not the declared type, cannot be decoded or hold
 * an animation (Invalid).
 */
export async function cleanPhoto(
  bytes: Uint8Array,
  declaredType: string,
): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const type = declaredType.split(';')[0]!.trim().toLowerCase();
  if (!isPhotoType(type)) {
    throw new UnsupportedType(
      `A photo must be JPEG, PNG or WebP (image/jpeg, image/png, image/webp), not ${declaredType || 'an unnamed type'}`,
    );
  }
  if (bytes.byteLength > REPORT_PHOTO_MAX_BYTES) {
    throw new TooLarge(
      `The photo is larger than ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB (${bytes.byteLength} bytes)`,
    );
  }
  const format = FORMATS[type];
  if (!format.matches(bytes)) {
    throw new Invalid(`The photo is not a ${format.name} image, as its type ${type} says`);
  }
  return inTurn(async () => {
    let header: Metadata;
    try {
      // Only the header is read, so the pixel limit is judged here with the image's own numbers.
      header = await sharp(bytes, { ...DECODE, limitInputPixels: false }).metadata();
    } catch {
      throw unreadable(format.name);
    }
    if (header.format !== format.decoder) {
      throw new Invalid(`The photo is not a ${format.name} image, as its type ${type} says`);
    }
    if (header.width * header.height > REPORT_PHOTO_MAX_PIXELS) {
      throw tooManyPixels(header.width, header.height);
    }
    if ((header.pages ?? 1) > 1) {
      throw new Invalid('The photo is animated; send a single still image');
    }
    try {
      const { data, info } = await sharp(bytes, DECODE)
        .rotate()
        .resize({
          width: REPORT_PHOTO_MAX_SIDE,
          height: REPORT_PHOTO_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
        .toBuffer({ resolveWithObject: true });
      return { jpeg: data, width: info.width, height: info.height };
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message)) {
        throw tooManyPixels(header.width, header.height);
      }
      throw unreadable(format.name);
    }
  });
}
