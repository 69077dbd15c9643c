import { feedUrls, type IssuedKeys } from './feedUrls';
import { liveCommand } from './liveControl';

/**
 * `npm run live:keys -- EVENT [--rotate] [--json]`: stream keys for each feed of a 'Live' event (the
 * program cut, then each camera angle), printed once as RTMP and SRT URLs. `--rotate` issues new
 * keys: the old ones stop publishing at once.
 */
async function run() {
  const args = process.argv.slice(2);
  const event = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--rotate' && a !== '--json');
  if (!event || unknown.length) {
    console.error('usage: npm run live:keys -- EVENT [--rotate] [--json]   (EVENT: the event id or path)');
    process.exit(2);
  }
  const rotate = args.includes('--rotate');
  const { config, data } = await liveCommand<IssuedKeys>(
    { path: '/internal/live/keys', body: { event, rotate } },
    (s) => s.issueKeys(event, { rotate }),
  );
  const feeds = data.feeds.map((f) => feedUrls(config.live, f));
  if (args.includes('--json')) {
    console.log(JSON.stringify(feeds, null, 2));
    return;
  }
  console.log(`Stream keys for "${data.event.title}" (event ${data.event.id}). Shown once: keep them secret.\n`);
  for (const f of feeds)
    console.log(
      `  ${f.angle === 0 ? 'Program' : `Angle ${f.angle}`}: ${f.name}\n    RTMP  ${f.rtmp}\n    SRT   ${f.srt}\n`,
    );
  console.log('OBS: Settings → Stream → Service "Custom…", Server = the URL up to /live, Stream Key = the rest.');
  console.log(
    'Output: keyframe interval 1 s, x264 or a hardware encoder, 2,500–6,000 kb/s at 1080p (README "Going live").',
  );
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
