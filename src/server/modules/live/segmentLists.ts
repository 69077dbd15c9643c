import fs from 'node:fs/promises';

/** One line of a part's segment list, as the segment muxer appends it: `name,start,end`. */
export type ListedSegment = { uri: string; start: number; end: number };

type ReadList = { ino: number; size: number; head: string; rows: ListedSegment[]; rest: string };

/** A list's first bytes, read again on every read: a list written anew under the name has other ones. */
const HEAD_BYTES = 64;

/** Lists kept read: a few shows' feeds (nine angles × three rungs × a few parts each). */
const KEPT_LISTS = 512;

/**
 * The segment lists of live feeds, each read from where the last read of it stopped. The muxer only
 * appends (`-segment_list_type csv`), so a poll of a four-hour show reads the second or two written
 * since the poll before, not the whole list: every poll of every playlist would otherwise read and
 * parse 14,400 lines per rendition. A list that shrank or was written anew (another inode, or other
 * first bytes: a show reset, even where the file system hands the inode on) is read again from its
 * start. The least recently read lists are let go past KEPT_LISTS.
 */
export function createSegmentLists() {
  const lists = new Map<string, ReadList>();

  function remember(file: string, list: ReadList): ReadList {
    lists.delete(file);
    lists.set(file, list);
    if (lists.size > KEPT_LISTS) lists.delete(lists.keys().next().value!);
    return list;
  }

  return {
    /** The list's segments so far (a line still being written waits for its end), or null when there is no list. */
    async read(file: string): Promise<ListedSegment[] | null> {
      const handle = await fs.open(file, 'r').catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!handle) {
        lists.delete(file);
        return null;
      }
      try {
        const { ino, size } = await handle.stat();
        const known = lists.get(file);
        const head = async (length: number) => {
          const bytes = Buffer.alloc(length);
          const { bytesRead } = await handle.read(bytes, 0, length, 0);
          return bytes.subarray(0, bytesRead).toString('latin1');
        };
        const from =
          known && known.ino === ino && known.size <= size && (await head(known.head.length)) === known.head
            ? known
            : null;
        if (from && from.size === size) return remember(file, from).rows;
        const start = from?.size ?? 0;
        const bytes = Buffer.alloc(size - start);
        const { bytesRead } = await handle.read(bytes, 0, bytes.length, start);
        const lines = ((from?.rest ?? '') + bytes.subarray(0, bytesRead).toString('utf8')).split('\n');
        const rest = lines.pop() ?? '';
        const rows = from?.rows ?? [];
        for (const line of lines) {
          const [uri, startText, endText] = line.split(',');
          if (uri && endText) rows.push({ uri, start: Number(startText), end: Number(endText) });
        }
        const first = from ? from.head : bytes.subarray(0, Math.min(HEAD_BYTES, bytesRead)).toString('latin1');
        return remember(file, { ino, size: start + bytesRead, head: first, rows, rest }).rows;
      } finally {
        await handle.close();
      }
    },
  };
}
export type SegmentLists = ReturnType<typeof createSegmentLists>;
