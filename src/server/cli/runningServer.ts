import type { AppConfig } from '../config';
import { deriveKeys } from '../modules/auth/keys';

/**
 * A command's call to the server running on this machine, proved by the ingest control key
 * (platform/controlCalls.ts). Answers `{ reached: false }` when no server listens (the command then
 * opens the database itself), or the call's data; a refusal exits with the server's sentence.
 */
export async function askRunningServer<T>(
  config: AppConfig,
  call: { path: string; body: Record<string, unknown> },
): Promise<{ reached: false } | { reached: true; data: T }> {
  const keys = deriveKeys(config.jwtSecret);
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}${call.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-token': keys.ingestControl },
      body: JSON.stringify(call.body),
    });
    const answer = (await res.json().catch(() => null)) as { message?: string; data?: T } | null;
    if (!res.ok) failCommand(answer?.message ?? `The server answered ${res.status}.`);
    return { reached: true, data: answer!.data as T };
  } catch (err) {
    if (!isRefused(err)) throw err;
    return { reached: false };
  }
}

const isRefused = (err: unknown) =>
  err instanceof TypeError && (err.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED';

/** Says why a command failed, in the service's sentence, and exits with 1. */
export function failCommand(message: string): never {
  console.error(message);
  process.exit(1);
}
