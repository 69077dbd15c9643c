export default async function teardown() {
  await (globalThis as { __apiServer?: { close: () => Promise<void> } }).__apiServer?.close();
}
