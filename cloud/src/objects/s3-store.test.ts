// Menu photos in an S3-compatible bucket: against s3rver, a local S3 emulator answering on a real
// socket with the S3 protocol (signed requests, XML errors), storing in a temp folder.
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { MESSAGES, MenuItem, SERVICE_MESSAGES } from '@tablewise/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import { seedFixture } from '../testkit/fixture.js';
import { type Harness, loginAs, startHarness } from '../testkit/harness.js';
import { objectStoreFrom } from './from-env.js';
import { type S3Settings, s3ObjectStore, s3SettingsFrom } from './s3-store.js';
import type { ObjectStore } from './store.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BUCKET = 'tablewise-photos';

let dir: string;
// Folders of the tests' own (s3rver takes each folder in its directory for a bucket).
let scratch: string;
let server: S3rver;
let settings: S3Settings;
// The environment a deployment would set for this store.
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tw-s3-'));
  scratch = mkdtempSync(path.join(tmpdir(), 'tw-s3-scratch-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  // s3rver's own credentials: it checks each request's signature against them.
  settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  env = {
    OBJECTS_S3_BUCKET: BUCKET,
    OBJECTS_S3_ENDPOINT: settings.endpoint,
    OBJECTS_S3_ACCESS_KEY_ID: 'S3RVER',
    OBJECTS_S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

describe('s3ObjectStore', () => {
  it('gives back the bytes it stored, and null for a key never stored', async () => {
    const store = s3ObjectStore(settings);
    const key = randomUUID();
    await store.put(key, PNG);
    expect(Buffer.from((await store.get(key)) ?? []).equals(PNG)).toBe(true);
    // Another store on the same bucket sees it: the bytes are in the bucket, not in this process.
    expect(Buffer.from((await s3ObjectStore(settings).get(key)) ?? []).equals(PNG)).toBe(true);
    expect(await store.get(randomUUID())).toBeNull();
  });

  it('refuses a key the cloud did not make, storing nothing', async () => {
    const store = s3ObjectStore(settings);
    await expect(store.put('../other-bucket/x', PNG)).rejects.toThrow('Not an object key: ../other-bucket/x');
    await expect(store.get('a/b')).rejects.toThrow('Not an object key: a/b');
  });

  // s3rver checks the access key id but not SigV4 signatures, so a wrong key id stands for wrong credentials.
  it('fails with the store’s error (not null) when the credentials are wrong', async () => {
    const store = s3ObjectStore({ ...settings, accessKeyId: 'WRONG' });
    await expect(store.get(randomUUID())).rejects.toThrow('The AWS Access Key Id you provided does not exist');
    await expect(store.put(randomUUID(), PNG)).rejects.toThrow('The AWS Access Key Id you provided does not exist');
  });
});

describe('choosing the store from the environment', () => {
  it('uses the bucket when it answers, and refuses to start on one missing or denied', async () => {
    const store = await objectStoreFrom(env, path.join(scratch, 'unused'));
    const key = randomUUID();
    await store.put(key, PNG);
    expect(Buffer.from((await s3ObjectStore(settings).get(key)) ?? []).equals(PNG)).toBe(true);

    await expect(objectStoreFrom({ ...env, OBJECTS_S3_BUCKET: 'no-such-bucket' }, scratch)).rejects.toThrow(
      `Menu photos cannot be stored in the bucket no-such-bucket at ${settings.endpoint}: it does not exist`,
    );
    await expect(objectStoreFrom({ ...env, OBJECTS_S3_ACCESS_KEY_ID: 'WRONG' }, scratch)).rejects.toThrow(
      `Menu photos cannot be stored in the bucket ${BUCKET} at ${settings.endpoint}: access is denied`,
    );
  });

  it('uses the folder OBJECTS_DIR, else the default folder, without a bucket', async () => {
    const key = randomUUID();
    await (await objectStoreFrom({ OBJECTS_DIR: path.join(scratch, 'photos') }, path.join(scratch, 'default'))).put(
      key,
      PNG,
    );
    expect(readFileSync(path.join(scratch, 'photos', key)).equals(PNG)).toBe(true);
    await (await objectStoreFrom({ OBJECTS_DIR: ' ' }, path.join(scratch, 'default'))).put(key, PNG);
    expect(readFileSync(path.join(scratch, 'default', key)).equals(PNG)).toBe(true);
  });

  it('reads the settings, with path style and a region by default for an endpoint', () => {
    expect(s3SettingsFrom({})).toBeUndefined();
    expect(s3SettingsFrom(env)).toEqual(settings);
    expect(s3SettingsFrom({ OBJECTS_S3_BUCKET: 'photos', OBJECTS_S3_REGION: 'eu-west-1' })).toEqual({
      bucket: 'photos',
      region: 'eu-west-1',
      forcePathStyle: false,
    });
    expect(s3SettingsFrom({ ...env, OBJECTS_S3_FORCE_PATH_STYLE: '0', AWS_REGION: 'eu-north-1' })).toMatchObject({
      forcePathStyle: false,
      region: 'eu-north-1',
    });
  });

  it.each([
    [{ OBJECTS_S3_ENDPOINT: 'http://minio:9000' }, 'OBJECTS_S3_ENDPOINT set without OBJECTS_S3_BUCKET'],
    [{ OBJECTS_S3_BUCKET: 'Photos_2' }, 'OBJECTS_S3_BUCKET must be a bucket name'],
    [{ OBJECTS_S3_BUCKET: 'photos' }, "OBJECTS_S3_REGION must be set to the bucket's region"],
    [{ OBJECTS_S3_BUCKET: 'photos', OBJECTS_S3_ENDPOINT: 'minio:9000' }, 'OBJECTS_S3_ENDPOINT must be an http(s) URL'],
    [
      { OBJECTS_S3_BUCKET: 'photos', OBJECTS_S3_REGION: 'eu-west-1', OBJECTS_S3_ACCESS_KEY_ID: 'id' },
      'OBJECTS_S3_ACCESS_KEY_ID and OBJECTS_S3_SECRET_ACCESS_KEY must be set together',
    ],
    [
      { OBJECTS_S3_BUCKET: 'photos', OBJECTS_S3_REGION: 'eu-west-1', OBJECTS_S3_FORCE_PATH_STYLE: 'yes' },
      'OBJECTS_S3_FORCE_PATH_STYLE must be 1 or 0, got yes',
    ],
    [{ OBJECTS_S3_BUCKET: 'photos', OBJECTS_DIR: '/srv/photos' }, 'OBJECTS_DIR and OBJECTS_S3_BUCKET are both set'],
  ])('refuses bad settings %o', (bad, message) => {
    expect(() => s3SettingsFrom(bad)).toThrow(message);
  });

  it('stops the cloud from starting on a bad setting, naming it', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const run = promisify(execFile)(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'cloud/src/main.ts')], {
      env: { ...process.env, ...env, OBJECTS_S3_BUCKET: 'no-such-bucket', DATA_DIR: scratch, PORT: '0' },
      // Killed if it started after all (the exit code below then fails the test); a cloud's start
      // under tsx (a compile, then the check of the bucket) on a busy machine takes its time.
      timeout: 90_000,
    });
    const failed = await run.then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('Menu photos cannot be stored in the bucket no-such-bucket');
  }, 120_000);
});

describe('uploads through the cloud with the S3 store', () => {
  let h: Harness;
  // The cloud's store: the bucket, or for one test the same bucket with keys it refuses.
  let target: ObjectStore;
  beforeAll(async () => {
    target = s3ObjectStore(settings);
    h = await startHarness({
      objectStore: { put: (key, bytes) => target.put(key, bytes), get: (key) => target.get(key) },
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps an uploaded menu photo in the bucket and serves it back', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const link = await manager.post('/api/objects/upload');
    expect(link.status).toBe(200);
    const { uploadURL, objectUrl } = link.body as { uploadURL: string; objectUrl: string };
    const put = await fetch(`${h.cloud.url}${uploadURL}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: PNG,
    });
    expect(put.status).toBe(200);
    const set = await manager.request('PUT', `/api/menu/${h.fixture.a.menu.burger}/image`, {
      body: { imageUrl: objectUrl },
    });
    expect(set.status).toBe(200);
    expect(MenuItem.parse(set.body).imageUrl).toBe(objectUrl);

    const image = await fetch(`${h.cloud.url}${objectUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // The bytes are in the bucket under the cloud's uuid.
    const key = objectUrl.split('/').pop() as string;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from((await s3ObjectStore(settings).get(key)) ?? []).equals(PNG)).toBe(true);

    const missing = await fetch(`${h.cloud.url}/api/objects/${randomUUID()}`);
    expect(missing.status).toBe(404);
  });

  it('records nothing when the bucket refuses an upload, so the same link works once it takes it', async () => {
    const manager = await loginAs(h.cloud.url, h.fixture.a.managerEmail);
    const { uploadURL, objectUrl } = (await manager.post('/api/objects/upload')).body as {
      uploadURL: string;
      objectUrl: string;
    };
    const send = () =>
      fetch(`${h.cloud.url}${uploadURL}`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: PNG });
    target = s3ObjectStore({ ...settings, accessKeyId: 'WRONG' });
    try {
      const refused = await send();
      expect(refused.status).toBe(500);
      expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.internalError);
    } finally {
      target = s3ObjectStore(settings);
    }
    expect((await fetch(`${h.cloud.url}${objectUrl}`)).status).toBe(404);
    const set = await manager.request('PUT', `/api/menu/${h.fixture.a.menu.cake}/image`, {
      body: { imageUrl: objectUrl },
    });
    expect(set.body.message).toBe(SERVICE_MESSAGES.imageNotUploaded);

    expect((await send()).status).toBe(200);
    const image = await fetch(`${h.cloud.url}${objectUrl}`);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe('cloud/src/main.ts with OBJECTS_S3_*', () => {
  it('keeps photos uploaded to the started cloud in the bucket', async () => {
    const database = await createTestDatabase();
    const fixture = await seedFixture(database.db);
    const root = path.resolve(import.meta.dirname, '../../..');
    // A process group of its own, ended by its id below.
    const cloud = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'cloud/src/main.ts')], {
      env: {
        ...process.env,
        ...env,
        OBJECTS_DIR: '',
        DATABASE_URL: database.url,
        APP_SECRET: 's3-test-secret-s3-test-secret-s3',
        PORT: '0',
        HOST: '127.0.0.1',
      },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    cloud.stdout.on('data', (chunk) => {
      output += chunk;
    });
    cloud.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise((resolve) => cloud.once('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toMatch(/listening on http:\/\/\S+/);
      const url = (output.match(/listening on (http:\/\/\S+)/) as RegExpMatchArray)[1] as string;
      const manager = await loginAs(url, fixture.a.managerEmail);
      const { uploadURL, objectUrl } = (await manager.post('/api/objects/upload')).body as {
        uploadURL: string;
        objectUrl: string;
      };
      const put = await fetch(`${url}${uploadURL}`, { method: 'PUT', body: PNG });
      expect(put.status).toBe(200);
      const key = objectUrl.split('/').pop() as string;
      expect(Buffer.from((await s3ObjectStore(settings).get(key)) ?? []).equals(PNG)).toBe(true);
      const image = await fetch(`${url}${objectUrl}`);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    } finally {
      if (cloud.exitCode === null && cloud.pid) process.kill(-cloud.pid, 'SIGTERM');
      await exited;
      await database.drop();
    }
  }, 120_000); // starts cloud/src/main.ts under tsx: a compile and a start, then a migrated database
});
