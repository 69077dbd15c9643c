// @databases postgres: its outcome does not depend on the kind of database
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createSegmentLists } from '../../../../src/server/modules/live/segmentLists';

/**
 * A feed's segment lists read on from where the last read stopped: what the muxer appended since,
 * a line still being written left for the next read, and a list written anew read from its start.
 */
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'segment-lists-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const line = (n: number) => `v270_p1_${String(n).padStart(5, '0')}.ts,${n}.000000,${n + 1}.000000\n`;
const names = (rows: { uri: string }[] | null) => rows?.map((r) => r.uri.slice(8, 13)) ?? null;

it('reads what was appended since, and leaves a line still being written for the next read', async () => {
  const file = path.join(dir, 'appended.csv');
  const lists = createSegmentLists();
  expect(await lists.read(file)).toBeNull();
  await fs.writeFile(file, line(0) + line(1));
  expect(names(await lists.read(file))).toEqual(['00000', '00001']);
  // Half a line: not a segment yet.
  const [head, tail] = [line(2).slice(0, 12), line(2).slice(12)];
  await fs.appendFile(file, head);
  expect(names(await lists.read(file))).toEqual(['00000', '00001']);
  await fs.appendFile(file, tail + line(3));
  const rows = await lists.read(file);
  expect(names(rows)).toEqual(['00000', '00001', '00002', '00003']);
  expect(rows![2]).toEqual({ uri: 'v270_p1_00002.ts', start: 2, end: 3 });
});

it('reads only the new bytes: a read of a long list after one more line costs one line', async () => {
  const file = path.join(dir, 'long.csv');
  const lists = createSegmentLists();
  await fs.writeFile(file, Array.from({ length: 14_400 }, (_, n) => line(n)).join(''));
  expect(await lists.read(file)).toHaveLength(14_400);
  const spy = jest.spyOn(Buffer, 'alloc');
  await fs.appendFile(file, line(14_400));
  expect(await lists.read(file)).toHaveLength(14_401);
  // Its first 64 bytes (still the same list?), then the new line.
  expect(spy.mock.calls.map(([size]) => size)).toEqual([64, line(14_400).length]);
  spy.mockRestore();
});

it('a list that shrank or was written anew is read from its start; a list gone is null', async () => {
  const file = path.join(dir, 'reset.csv');
  const lists = createSegmentLists();
  await fs.writeFile(file, line(0) + line(1) + line(2));
  expect(names(await lists.read(file))).toEqual(['00000', '00001', '00002']);
  await fs.writeFile(file, line(7));
  expect(names(await lists.read(file))).toEqual(['00007']);
  // Another list under the name (a show reset), as long or longer: the file system may hand it the
  // same inode, but its first bytes differ.
  await fs.rm(file);
  await fs.writeFile(file, line(8) + line(9));
  expect(names(await lists.read(file))).toEqual(['00008', '00009']);
  await fs.rm(file);
  expect(await lists.read(file)).toBeNull();
});
