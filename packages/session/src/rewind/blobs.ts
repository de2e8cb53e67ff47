/**
 * File contents by their hash, one file each under `<dir>/blobs/`: the same bytes in many
 * checkpoints are stored once. Written through a temporary name and a rename, so a crash never
 * leaves a torn blob under its final name.
 */
import type * as NodeCrypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface BlobStore {
  /** Stores `bytes` (nothing when already there) and returns their hash. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes stored under `hash`, or undefined when missing. */
  get(hash: string): Buffer | undefined;
  /** Deletes the blob `hash`; its size is no longer counted. */
  remove(hash: string): void;
  /** The bytes of every blob stored now. */
  bytes(): number;
  /** The hashes stored now. */
  hashes(): string[];
}

const HASH = /^[0-9a-f]{64}$/;
let crypto: Promise<typeof NodeCrypto> | undefined;

/** The blobs under `dir` (created on first write); those already there are counted. */
export function createBlobStore(dir: string): BlobStore {
  const sizes = new Map<string, number>();
  let total = 0;
  try {
    for (const name of fs.readdirSync(dir)) {
      if (!HASH.test(name)) continue;
      const size = fs.statSync(path.join(dir, name)).size;
      sizes.set(name, size);
      total += size;
    }
  } catch {
    // no blobs yet
  }
  const file = (hash: string): string => path.join(dir, hash);
  let made = false;
  return {
    async put(bytes) {
      // Loaded on first use: a session that never takes a checkpoint (-p) never loads node:crypto.
      const { createHash } = await (crypto ??= import('node:crypto'));
      const hash = createHash('sha256').update(bytes).digest('hex');
      if (sizes.has(hash)) return hash;
      // Counted at once: the same bytes met again while this write runs are not written twice.
      sizes.set(hash, bytes.length);
      total += bytes.length;
      if (!made) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      made = true;
      const tmp = `${file(hash)}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, bytes, { mode: 0o600 });
      fs.renameSync(tmp, file(hash));
      return hash;
    },
    get(hash) {
      if (!HASH.test(hash)) return undefined;
      try {
        return fs.readFileSync(file(hash));
      } catch {
        return undefined;
      }
    },
    remove(hash) {
      const size = sizes.get(hash);
      if (size === undefined) return;
      fs.rmSync(file(hash), { force: true });
      sizes.delete(hash);
      total -= size;
    },
    bytes: () => total,
    hashes: () => [...sizes.keys()],
  };
}
