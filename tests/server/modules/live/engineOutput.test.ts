// @databases postgres: its outcome does not depend on the kind of database
import { redactEngineOutput } from '../../../../src/server/modules/live/ingest/processes';

/**
 * What the ingest's engines print goes to the server's log: an SRT listener's passphrase (derived
 * from the feed's key, it opens the feed) never does, however the engine quotes it.
 */
describe("an engine's output line", () => {
  const passphrase = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4';

  it.each([
    `[srt @ 0x55] srt://0.0.0.0:9001?mode=listener&passphrase=${passphrase}&pbkeylen=32: Connection refused`,
    `Input #0, mpegts, from 'srt://0.0.0.0:9001?mode=listener&passphrase=${passphrase}':`,
    `ffmpeg -i "srt://:9001?PASSPHRASE=${passphrase}" -c copy`,
    `srt://:9001?pbkeylen=32&passphrase=${passphrase} failed`,
  ])('has its passphrase redacted: %s', (line) => {
    const redacted = redactEngineOutput(line);
    expect(redacted).not.toContain(passphrase);
    expect(redacted).toMatch(/passphrase=\[redacted\]/i);
  });

  it('is left as it is when it carries no passphrase', () => {
    const line = 'frame=  250 fps= 25 q=-1.0 size=    1024kB time=00:00:10.00 bitrate= 838.9kbits/s';
    expect(redactEngineOutput(line)).toBe(line);
  });
});
