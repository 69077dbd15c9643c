import type { RunningServer } from './server';

export default async function teardown() {
  await (globalThis as { __e2eServer?: RunningServer }).__e2eServer?.stop();
}
