// Where uploaded files live. A folder on disk by default (OBJECTS_DIR, .data/objects); any
// S3-compatible bucket can stand behind the same two methods. Keys are ids the cloud made (uuids),
// never a name a client chose, so a key cannot climb out of the folder.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ObjectStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
}

const KEY = /^[0-9a-f-]{36}$/;

export function diskObjectStore(dir: string): ObjectStore {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Not an object key: ${key}`);
    return path.join(dir, key);
  };
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
