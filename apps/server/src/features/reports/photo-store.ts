import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';

/** Where the cleaned photos of reports are kept, by key: on the server's disk or in a bucket. */
export interface PhotoStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when there is no photo under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a photo that is not there is not an error. */
  delete(key: string): Promise<void>;
  readonly kind: 'disk' | 's3';
}

// No dot, slash or backslash before the extension: a key never names a file outside the folder,
// nor a temporary file being written.
const PHOTO_KEY = /^[a-z0-9-]{1,80}\.jpg$/;

function checkKey(key: string): string {
  if (!PHOTO_KEY.test(key)) {
    throw new Error(
      `Not a photo key (lowercase letters, digits and - then .jpg): ${JSON.stringify(key)}`,
    );
  }
  return key;
}

function isMissingFile(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** Photos as files in one folder, made when the first photo arrives. */
export function diskPhotoStore(folder: string): PhotoStore {
  const fileOf = (key: string) => path.join(folder, checkKey(key));
  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(folder, { recursive: true });
      // Written aside and renamed into place (atomic within a folder): a reader sees the whole
      // photo or none, and a crash mid-write leaves no partial photo under the key.
      const temporary = path.join(folder, `.${key}.${randomUUID()}.tmp`);
      try {
        const handle = await open(temporary, 'wx');
        try {
          await handle.writeFile(bytes);
          // On disk before the name points at it, or a power cut could leave an empty photo.
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (err) {
        await rm(temporary, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if (isMissingFile(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

function isMissingObject(err: unknown): boolean {
  return (
    err instanceof NoSuchKey ||
    (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404)
  );
}

/**
 * Photos as objects in an S3 bucket, or an S3-compatible store's (MinIO and others: `endpoint`,
 * usually with `forcePathStyle`). Without keys, the SDK's own chain finds the credentials
 * (environment, shared files, the instance's role).
 */
export function s3PhotoStore(options: {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
  forcePathStyle: boolean;
  /** Put before every key, so the bucket can hold other things too (`report-photos/`). */
  prefix?: string;
}): PhotoStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
            ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
          },
        }
      : {}),
    // The signed SHA-256 of each body already guards it; the SDK's extra CRC checksums are refused
    // by several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const objectOf = (key: string) => `${options.prefix ?? ''}${checkKey(key)}`;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectOf(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectOf(key) }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (err) {
        if (isMissingObject(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectOf(key) }));
      } catch (err) {
        // S3 answers 204 for a missing object; some compatible stores answer 404.
        if (!isMissingObject(err)) throw err;
      }
    },
  };
}

/** The store the configuration names: a bucket when REPORT_PHOTOS_S3_BUCKET is set, else the disk. */
export function photoStoreFor(config: Pick<Config, 'reportPhotos'>): PhotoStore {
  const where = config.reportPhotos;
  if (where.kind === 'disk') return diskPhotoStore(where.folder);
  return s3PhotoStore({
    bucket: where.bucket,
    region: where.region,
    ...(where.endpoint === undefined ? {} : { endpoint: where.endpoint }),
    forcePathStyle: where.forcePathStyle,
    prefix: where.prefix,
    ...where.credentials,
  });
}
