// Which store keeps uploaded files, from the environment: an S3-compatible bucket when
// OBJECTS_S3_BUCKET is set (checked before the cloud starts), else the folder OBJECTS_DIR.
import path from 'node:path';
import { checkS3Bucket, s3ObjectStore, s3SettingsFrom } from './s3-store.js';
import { diskObjectStore, type ObjectStore } from './store.js';

export async function objectStoreFrom(env: NodeJS.ProcessEnv, defaultDir: string): Promise<ObjectStore> {
  const s3 = s3SettingsFrom(env);
  if (!s3) return diskObjectStore(path.resolve(env.OBJECTS_DIR?.trim() || defaultDir));
  await checkS3Bucket(s3);
  return s3ObjectStore(s3);
}
