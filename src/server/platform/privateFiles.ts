import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the signing secret and the embedded database: readable by this account only.
 * Directories are 0700 and files 0600, whatever the umask (PGlite writes its initial files 0666).
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((fs.statSync(dir).mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
}

/** Makes every directory under `dir` 0700 and every file 0600 (symlinks are left alone). */
export function makeTreePrivate(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      chmodIfNeeded(full, 0o700);
      makeTreePrivate(full);
    } else if (entry.isFile()) {
      chmodIfNeeded(full, 0o600);
    }
  }
}

function chmodIfNeeded(file: string, mode: number) {
  if ((fs.statSync(file).mode & 0o777) !== mode) fs.chmodSync(file, mode);
}

/**
 * Reads the secret in `file`, creating it first when absent. Creation is atomic and exclusive: the
 * secret is written to a temporary file, then hard-linked into place (link(2) fails when the name
 * exists, unlike rename), so two processes starting at once agree on the first one written.
 */
export function readOrCreateSecretFile(file: string, create: () => string): string {
  const existing = readIfPresent(file);
  if (existing !== null) return existing;
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, create() + '\n', { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.unlinkSync(temporary);
  }
  return readIfPresent(file)!;
}

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
