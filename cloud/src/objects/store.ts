// Where uploaded files live. A folder on disk by default (OBJECTS_DIR, .data/objects); an
// S3-compatible bucket when configured (s3-store.ts; from-env.ts chooses). Keys are ids the cloud
// made (uuids), never a name a client chose, so a key cannot climb out of the folder.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ObjectStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
}

const KEY = /^[0-9a-f-]{36}$/;

/** The key itself when it is one the cloud makes (a uuid); throws otherwise. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not an object key: ${key}`);
  return key;
}

export function diskObjectStore(dir: string): ObjectStore {
  const fileOf = (key: string) => path.join(dir, checkKey(key));
  return {
    async put(key, bytes) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${fileOf(key)}.part`;
      await writeFile(temp, bytes);
      await rename(temp, fileOf(key));
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
