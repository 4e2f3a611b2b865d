import { randomBytes } from 'node:crypto';
import { REPORT_PHOTO_MAX_BYTES } from '@smart-city/shared';
import { Hono } from 'hono';
import pino from 'pino';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { errorAnswer } from '../../http/errors';
import { cleanPhoto } from './photo-cleaning';

/** A photo's pixels: noise, so that a JPEG of it has data worth cutting short. */
function picture(width: number, height: number, channels: 3 | 4 = 3) {
  return sharp({
    create: {
      width,
      height,
      channels,
      background: '#336699',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  });
}

/** The answer a caller of the API gets when cleaning refuses the photo. */
async function refusal(cleaning: Promise<unknown>) {
  const app = new Hono();
  app.get('/', async (c) => {
    await cleaning;
    return c.text('stored');
  });
  app.onError((err, c) => errorAnswer(c, err, pino({ level: 'silent' })));
  const response = await app.request('/');
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, code: body.error.code, message: body.error.message };
}

describe('cleanPhoto', () => {
  it('turns a phone photo upright and keeps nothing of its EXIF, GPS position included', async () => {
    const input = await picture(400, 300)
      .jpeg()
      .withExif({
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '22/1 34/1 1234/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '88/1 21/1 5678/100',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    // The GPS IFD pointer (tag 0x8825, little-endian): the input really carries a position.
    expect(Buffer.from(before.exif!).includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const cleaned = await cleanPhoto(input, 'image/jpeg');

    expect(cleaned).toMatchObject({ width: 300, height: 400 });
    const after = await sharp(cleaned.jpeg).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 300, height: 400, hasProfile: false });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
  });

  it('lays a transparent PNG on white and stores it as JPEG', async () => {
    const input = await sharp({
      create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .withIccProfile('p3')
      .toBuffer();

    const cleaned = await cleanPhoto(input, 'image/png');

    expect(cleaned).toMatchObject({ width: 120, height: 80 });
    const after = await sharp(cleaned.jpeg).metadata();
    expect(after).toMatchObject({
      format: 'jpeg',
      channels: 3,
      hasAlpha: false,
      hasProfile: false,
    });
    const pixels = await sharp(cleaned.jpeg).raw().toBuffer();
    expect(Math.min(...pixels)).toBeGreaterThanOrEqual(250);
  });

  it('stores a WebP as JPEG without enlarging it', async () => {
    const input = await picture(640, 480).webp().toBuffer();

    const cleaned = await cleanPhoto(input, 'image/webp');

    expect(cleaned).toMatchObject({ width: 640, height: 480 });
    expect((await sharp(cleaned.jpeg).metadata()).format).toBe('jpeg');
  });

  it('fits a large photo within 2048 pixels on its longest side', async () => {
    const input = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();

    const cleaned = await cleanPhoto(input, 'image/jpeg');

    expect(cleaned).toMatchObject({ width: 2048, height: 1536 });
    expect(await sharp(cleaned.jpeg).metadata()).toMatchObject({ width: 2048, height: 1536 });
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    // One grey: 80 megapixels in about 90 KB.
    const bomb = await sharp({
      create: { width: 10_000, height: 8_000, channels: 3, background: '#808080' },
    })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(200_000);

    const expected = {
      status: 413,
      code: 'too_large',
      message: 'The image is too many megapixels: 10000×8000 is 80 MP, at most 60 MP',
    };
    expect(await refusal(cleanPhoto(bomb, 'image/png'))).toEqual(expected);
    // Its first kilobyte alone has no pixels to decode, and gets the same answer.
    expect(await refusal(cleanPhoto(bomb.subarray(0, 1024), 'image/png'))).toEqual(expected);
  });

  it('refuses bytes that are not the image their type says', async () => {
    const png = await picture(40, 30).png().toBuffer();
    expect(await refusal(cleanPhoto(png, 'image/jpeg'))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'The photo is not a JPEG image, as its type image/jpeg says',
    });
    expect(await refusal(cleanPhoto(randomBytes(4096), 'image/webp'))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'The photo is not a WebP image, as its type image/webp says',
    });
    const jpegStartThenNoise = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(4096)]);
    expect(await refusal(cleanPhoto(jpegStartThenNoise, 'image/jpeg'))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'The photo cannot be read: the JPEG image is damaged or incomplete',
    });
  });

  it('refuses a photo cut short', async () => {
    const jpeg = await picture(400, 300).jpeg().toBuffer();

    const answer = await refusal(cleanPhoto(jpeg.subarray(0, jpeg.length / 2), 'image/jpeg'));

    expect(answer).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'The photo cannot be read: the JPEG image is damaged or incomplete',
    });
  });

  it('refuses an animated image', async () => {
    const frames = await Promise.all(
      ['red', 'green', 'blue'].map((background) =>
        sharp({ create: { width: 20, height: 20, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const animation = await sharp(frames, { join: { animated: true } })
      .webp({ loop: 0, delay: [100, 100, 100] })
      .toBuffer();

    expect(await refusal(cleanPhoto(animation, 'image/webp'))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'The photo is animated; send a single still image',
    });
  });

  it('refuses more than 5 MB, whatever the bytes', async () => {
    const answer = await refusal(
      cleanPhoto(Buffer.alloc(REPORT_PHOTO_MAX_BYTES + 1), 'image/jpeg'),
    );

    expect(answer).toEqual({
      status: 413,
      code: 'too_large',
      message: 'The photo is larger than 5 MB (5242881 bytes)',
    });
  });

  it('refuses a type other than JPEG, PNG or WebP', async () => {
    const gif = await picture(40, 30).gif().toBuffer();

    expect(await refusal(cleanPhoto(gif, 'image/gif'))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      message:
        'A photo must be JPEG, PNG or WebP (image/jpeg, image/png, image/webp), not image/gif',
    });
  });

  it('takes the type whatever its case and parameters', async () => {
    const input = await picture(40, 30).png().toBuffer();

    const cleaned = await cleanPhoto(input, 'Image/PNG; charset=binary');

    expect(cleaned).toMatchObject({ width: 40, height: 30 });
  });

  it('cleans a burst of photos, each in its turn', async () => {
    const inputs = await Promise.all(
      [100, 200, 300, 400, 500].map((width) => picture(width, 100).jpeg().toBuffer()),
    );

    const cleaned = await Promise.all(inputs.map((input) => cleanPhoto(input, 'image/jpeg')));

    expect(cleaned.map((photo) => photo.width)).toEqual([100, 200, 300, 400, 500]);
  });
});
