import { liveCommand } from './liveControl';

/**
 * `npm run live:end -- EVENT`: ends a live show. Its encoders are dropped and refused after, and the
 * same playlists become the replay at once.
 */
async function run() {
  const event = process.argv[2];
  if (!event || event.startsWith('--')) {
    console.error('usage: npm run live:end -- EVENT   (the event id or path)');
    process.exit(2);
  }
  const { data } = await liveCommand<{ id: number; title: string }>(
    { path: '/internal/live/end', body: { event } },
    (s) => s.endShow(event),
  );
  console.log(`The show "${data.title}" (event ${data.id}) has ended: its replay plays from the start.`);
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
