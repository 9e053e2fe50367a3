import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface FileMeta {
  contentType: string;
  originalName?: string;
}

/**
 * Stored files (receipts, imports). The default keeps them on local disk; an object-storage
 * adapter implements the same interface and is chosen by configuration. Keys are relative paths
 * of lower-case letters, digits, '-', '_', '.' and '/'.
 */
export interface FileStore {
  /** Stores the whole stream under the key; a failing stream leaves nothing behind. Answers the byte count. */
  put(key: string, data: Readable | Buffer, meta: FileMeta): Promise<{ size: number }>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9_-]+(?:[./][a-z0-9_-]+)*$/;

function checkKey(key: string): void {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Not a file key: ${JSON.stringify(key)}`);
  }
}

/** Files under one folder (DATA_DIR/files in a normal run). */
export function localFileStore(root: string): FileStore {
  const pathOf = (key: string) => {
    checkKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, data) {
      const target = pathOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // written beside the target and renamed, so a reader never sees half a file
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
        await pipeline(source, count, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await fs.promises.rename(partial, target);
      } catch (e) {
        await fs.promises.rm(partial, { force: true });
        throw e;
      }
      return { size };
    },
    async get(key) {
      try {
        const handle = await fs.promises.open(pathOf(key), 'r');
        return handle.createReadStream();
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await fs.promises.rm(pathOf(key), { force: true });
    },
  };
}
