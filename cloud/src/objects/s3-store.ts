// Uploaded files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...), through the
// official AWS SDK. Same keys as the disk store: uuids the cloud made, used as object names as they
// are, so no client-chosen name reaches the bucket.
import { GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkKey, type ObjectStore } from './store.js';

export interface S3Settings {
  /** The store's URL, such as http://minio:9000; without it, AWS S3 itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Without both, the SDK's own chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, a role. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted stores want it. */
  forcePathStyle?: boolean;
}

const clientOf = (settings: S3Settings) =>
  new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle ?? false,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
    // checksum headers the SDK would otherwise send with every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request (the SDK retries it) instead of hanging it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });

export function s3ObjectStore(settings: S3Settings): ObjectStore {
  const client = clientOf(settings);
  const Bucket = settings.bucket;
  return {
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof NoSuchKey || (error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
  };
}

/**
 * Fails with a message naming the bucket and what is wrong when it cannot be reached with these
 * settings, so a misconfigured cloud does not start and lose the first photo uploaded.
 */
export async function checkS3Bucket(settings: S3Settings): Promise<void> {
  const client = clientOf(settings);
  const where = `bucket ${settings.bucket} at ${settings.endpoint ?? `AWS S3 (${settings.region})`}`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? 'it does not exist'
        : status === 403
          ? 'access is denied (check OBJECTS_S3_ACCESS_KEY_ID and OBJECTS_S3_SECRET_ACCESS_KEY)'
          : `${(error as Error).name}: ${(error as Error).message}`;
    throw new Error(`Menu photos cannot be stored in the ${where}: ${reason}`);
  } finally {
    client.destroy();
  }
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The S3 settings from OBJECTS_S3_BUCKET, OBJECTS_S3_ENDPOINT, OBJECTS_S3_REGION,
 * OBJECTS_S3_ACCESS_KEY_ID, OBJECTS_S3_SECRET_ACCESS_KEY and OBJECTS_S3_FORCE_PATH_STYLE; undefined
 * without a bucket (photos go to OBJECTS_DIR). Throws a message naming the variable when one is wrong.
 */
export function s3SettingsFrom(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('OBJECTS_S3_BUCKET');
  if (!bucket) {
    const stray = Object.keys(env).filter((name) => name.startsWith('OBJECTS_S3_') && value(name));
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without OBJECTS_S3_BUCKET: set the bucket too`);
    return undefined;
  }
  if (!BUCKET_NAME.test(bucket))
    throw new Error(
      `OBJECTS_S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens), got ${bucket}`,
    );
  if (value('OBJECTS_DIR'))
    throw new Error('OBJECTS_DIR and OBJECTS_S3_BUCKET are both set: menu photos go to one store, set only one');

  const endpoint = value('OBJECTS_S3_ENDPOINT');
  if (endpoint) {
    let protocol = '';
    try {
      protocol = new URL(endpoint).protocol;
    } catch {}
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new Error(`OBJECTS_S3_ENDPOINT must be an http(s) URL such as http://minio:9000, got ${endpoint}`);
  }
  // A self-hosted store rarely cares about the region; AWS needs the bucket's own.
  const region = value('OBJECTS_S3_REGION') ?? value('AWS_REGION') ?? (endpoint ? 'us-east-1' : undefined);
  if (!region) throw new Error("OBJECTS_S3_REGION must be set to the bucket's region (such as eu-west-1)");

  const accessKeyId = value('OBJECTS_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('OBJECTS_S3_SECRET_ACCESS_KEY');
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('OBJECTS_S3_ACCESS_KEY_ID and OBJECTS_S3_SECRET_ACCESS_KEY must be set together');

  const pathStyle = value('OBJECTS_S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && pathStyle !== '0' && pathStyle !== '1')
    throw new Error(`OBJECTS_S3_FORCE_PATH_STYLE must be 1 or 0, got ${pathStyle}`);

  return {
    bucket,
    region,
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
    // Path style by default with an endpoint (MinIO and most self-hosted stores want it).
    forcePathStyle: pathStyle === undefined ? Boolean(endpoint) : pathStyle === '1',
  };
}
