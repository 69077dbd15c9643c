import fs from 'node:fs';
import path from 'node:path';

/** DATA_DIR cannot hold what the server writes there; the message says why and what to do. */
export class DataDirError extends Error {
  constructor(
    message: string,
    /** The system's name for the reason when there is one: ENOSPC for a disk without room. */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Free space a start needs in DATA_DIR for the embedded database: a new one with the demo catalog
 * takes about 40 MiB; an existing one needs room for its write-ahead log and new rows. A running one
 * needs as much before each write (db/pglite-dialect.ts): the log grows a 16 MiB file at a time.
 */
export const EMBEDDED_DATABASE_NEEDS = { fresh: 64 * 1024 * 1024, existing: 16 * 1024 * 1024 } as const;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MiB`;

/** The sentence for a write refused by the system, or null for an error that is not about the disk. */
export function dataDirProblem(dir: string, err: unknown): string | null {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  // PGlite reports the file system's errors as Emscripten errno numbers: 51 is ENOSPC, 69 EROFS, 2 EACCES.
  const errno = (err as { errno?: unknown } | undefined)?.errno;
  if (code === 'EROFS' || errno === 69)
    return `DATA_DIR (${dir}) is on a read-only file system: point DATA_DIR at a writable folder.`;
  if (code === 'ENOSPC' || code === 'EDQUOT' || errno === 51)
    return `the disk holding DATA_DIR (${dir}) is full: free some space or point DATA_DIR at a larger disk.`;
  if (code === 'EACCES' || code === 'EPERM' || errno === 2)
    return (
      `DATA_DIR (${dir}) cannot be written by this user: ` +
      'give it write access or point DATA_DIR at a folder it owns.'
    );
  return null;
}

/**
 * Refuses, before anything is written, a DATA_DIR the server could not finish writing: one on a
 * read-only file system, one this user may not write, or one without `needBytes` free. A start that
 * fails halfway (the embedded database half created) is what this prevents.
 */
export function assertDataDirWritable(dir: string, needBytes: number): void {
  // The folder may not exist yet: the nearest folder that does is where it would be created.
  let existing = dir;
  while (!fs.existsSync(existing)) existing = path.dirname(existing);
  try {
    fs.accessSync(existing, fs.constants.W_OK);
  } catch (err) {
    throw new DataDirError(
      dataDirProblem(dir, err) ?? `DATA_DIR (${dir}) cannot be written: ${(err as Error).message}.`,
    );
  }
  if (needBytes > 0) assertRoomInDataDir(dir, needBytes, existing);
}

/** Refuses at once, with DataDirError ENOSPC, work that needs `needBytes` on a disk with less free. */
export function assertRoomInDataDir(dir: string, needBytes: number, existing = dir): void {
  const { bavail, bsize } = fs.statfsSync(existing);
  const free = bavail * bsize;
  if (free < needBytes) {
    throw new DataDirError(
      `the disk holding DATA_DIR (${dir}) has ${mib(free)} free and the embedded database needs at ` +
        `least ${mib(needBytes)}: free some space or point DATA_DIR at a larger disk.`,
      'ENOSPC',
    );
  }
}
