import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  checkedKey,
  DEFAULT_CONTENT_TYPE,
  type ObjectInfo,
  type ObjectStorage,
  StorageError,
  type StoredObject,
} from './object-storage.ts';

const isMissing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * Objects as files under `root` (`uploads/abc.png` is `root/uploads/abc.png`, where uploads always
 * lived), each with its content type in a hidden `.abc.png.meta` beside it. Writes go to a hidden
 * temporary file renamed into place, so a reader never sees half a file and a failure leaves nothing.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));
  const hiddenBeside = (path: string, suffix: string) => join(dirname(path), `.${basename(path)}${suffix}`);

  async function contentTypeOf(path: string) {
    try {
      const meta = JSON.parse(await readFile(hiddenBeside(path, '.meta'), 'utf8')) as {
        contentType?: string;
      };
      return meta.contentType ?? DEFAULT_CONTENT_TYPE;
    } catch (error) {
      // Files kept before the storage layer have no meta: the database row still knows their type.
      if (isMissing(error)) return DEFAULT_CONTENT_TYPE;
      throw error;
    }
  }

  async function openObject(key: string, operation: string) {
    const path = pathOf(key);
    try {
      const handle = await open(path, 'r');
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return undefined;
        }
        const info: ObjectInfo = {
          size: stats.size,
          contentType: await contentTypeOf(path),
          etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
        };
        return { handle, info };
      } catch (error) {
        await handle.close();
        throw error;
      }
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new StorageError(operation, key, error);
    }
  }

  return {
    kind: 'local',

    async put(key, body, contentType) {
      const path = pathOf(key);
      const temporary = hiddenBeside(path, `.${randomBytes(6).toString('hex')}.part`);
      const meta = hiddenBeside(path, '.meta');
      let isMetaTouched = false;
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(temporary, body, { flag: 'wx' });
        // The type before the bytes: once the bytes are renamed into place the object is complete.
        isMetaTouched = true;
        await writeFile(meta, JSON.stringify({ contentType }));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        if (isMetaTouched) await rm(meta, { force: true });
        throw new StorageError('put', key, error);
      }
    },

    async get(key): Promise<StoredObject | undefined> {
      const opened = await openObject(key, 'get');
      return opened && { ...opened.info, body: opened.handle.createReadStream() };
    },

    async head(key) {
      const opened = await openObject(key, 'head');
      await opened?.handle.close();
      return opened?.info;
    },

    async delete(key) {
      const path = pathOf(key);
      try {
        await rm(path, { force: true });
        await rm(hiddenBeside(path, '.meta'), { force: true });
      } catch (error) {
        throw new StorageError('delete', key, error);
      }
    },

    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        throw new StorageError('check', root, error);
      }
    },

    async close() {},
  };
}
