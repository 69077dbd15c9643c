import type { Executor } from '../../db/executor';

export type StoredImage = { name: string; content_type: string; bytes: Buffer };

/** SQL of uploaded images: each size of an upload is one row, named by content hash and size. */
export function createImageRepository(db: Executor) {
  return {
    /** Stores the sizes; a name already stored is the same picture, kept as it is. */
    async store(
      rows: { name: string; content_type: string; width: number; height: number; bytes: Buffer }[],
      uploadedBy: number,
    ): Promise<void> {
      if (!rows.length) return;
      await db
        .insertInto('uploaded_images')
        .values(rows.map((r) => ({ ...r, uploaded_by: uploadedBy })))
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    async byName(name: string): Promise<StoredImage | undefined> {
      const row = await db
        .selectFrom('uploaded_images')
        .select(['name', 'content_type', 'bytes'])
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? { ...row, bytes: Buffer.from(row.bytes) } : undefined;
    },
  };
}
