import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files (identity photos) live. Keys are relative paths chosen by the server, never
 * by a caller. The local directory is the default; an S3-compatible bucket implements the same
 * three calls (PutObject with the content type, GetObject, DeleteObject) for deployments with
 * several API hosts.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Null when no file has the key. */
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

const keyPattern = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*\.(jpg|png|webp)$/;
const contentTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

function checkedKey(key: string): string {
  if (!keyPattern.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The extension a stored file of this type gets; the local directory reads the type back from it. */
export function extensionOf(contentType: string): string {
  const found = Object.entries(contentTypes).find(([, type]) => type === contentType);
  if (!found) throw new Error(`No storage extension for ${contentType}`);
  return found[0];
}

/** Files under one directory (DATA_DIR/files by default), written atomically through a rename. */
export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const fullPath = (key: string) => path.join(root, ...checkedKey(key).split('/'));
  return {
    async put(key, bytes, contentType) {
      const target = fullPath(key);
      if (contentTypes[path.extname(target).slice(1)] !== contentType) {
        throw new Error(`Key ${key} does not match content type ${contentType}`);
      }
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, target);
    },
    async get(key) {
      const target = fullPath(key);
      try {
        const bytes = await readFile(target);
        return { bytes, contentType: contentTypes[path.extname(target).slice(1)] as string };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fullPath(key), { force: true });
    },
  };
}
