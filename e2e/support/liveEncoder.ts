import { spawn, type ChildProcess } from 'node:child_process';
import { encoderArgs } from '../../src/server/cli/encoderArgs';

export type Encoder = {
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
  stop: () => Promise<void>;
};

/**
 * An artist's encoder: ffmpeg pushing a test pattern with the feed's name and the time burnt in and a
 * tone, at 320×180, keyframe every second, its timestamps on the capture clock (encoderArgs.ts).
 * RTMP URLs carry the key as the stream name; SRT URLs the feed's passphrase.
 */
export function startEncoder(url: string, name: string, toneHz = 440): Encoder {
  const srt = url.startsWith('srt://');
  const target = srt ? `${url}&mode=caller&connect_timeout=3000` : url;
  const child = spawn(
    'ffmpeg',
    encoderArgs({ url: target, name, width: 320, height: 180, format: srt ? 'mpegts' : 'flv', toneHz, videoKbps: 300 }),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    stderr: () => err,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
