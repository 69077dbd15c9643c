import { spawn, type ChildProcess } from 'node:child_process';
import { encoderArgs } from '../../src/server/cli/encoderArgs';
import { poll } from './waitUntil';

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

/** An encoder refused at connect exits on its own, with an error, within seconds. */
export async function expectRefused(encoder: Encoder): Promise<void> {
  await poll(
    'the refused encoder to exit',
    async () => encoder.child.exitCode ?? encoder.child.signalCode,
    (c) => c !== null,
    { timeout: 15_000 },
  );
  expect(encoder.child.exitCode).not.toBe(0);
}

/**
 * What libsrt says on both ends when a listener refuses a caller's passphrase (the caller: "REJECT
 * reported from HS processing: Incorrect passphrase"; the listener: "rsp(REJECT): 1010 - Incorrect
 * passphrase"). A caller to a port nobody listens on only times out, saying neither.
 */
export const SRT_BAD_PASSPHRASE = /Incorrect passphrase/;
