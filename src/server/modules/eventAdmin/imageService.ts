import { LRUCache } from 'lru-cache';
import type { ImageKind, StudioImage } from '../../../shared/contract/studioEvents';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { OrganizerCaller } from '../../platform/callerIdentity';
import type { OrganizerRepositories } from '../organizers/repositories';
import { createDecodeGate } from './decodeGate';
import { processUpload } from './imageProcessing';
import type { StoredImage } from './imageRepository';
import type { EventAdminRepositories } from './repositories';

/** Where an uploaded image is served (imageRoutes.ts); the name never changes for a picture. */
const UPLOADS_PREFIX = '/media/uploads/';
/** Names are `<content hash>-<w>x<h>.jpg`: anything else is not one of ours, answered 404 unread. */
const UPLOAD_NAME = /^[A-Za-z0-9_-]{32}-\d{1,5}x\d{1,5}\.jpg$/;

type Repos = Pick<EventAdminRepositories, 'uploadedImages'> & Pick<OrganizerRepositories, 'audit'>;

/**
 * Poster and slide uploads: checked and resized (imageProcessing.ts) outside any transaction, then
 * every size stored in the database with its audit entry, so every instance serves them. Served
 * images are kept in a small in-process LRU (bounded in bytes): a name's bytes never change.
 */
export function createImageService(deps: {
  uow: UnitOfWork<Repos>;
  cacheBytes?: number;
  /** Uploads this process decodes at once (limits.imageDecodesAtOnce); past it, a 503. */
  decodesAtOnce?: number;
}) {
  const { uow } = deps;
  const gate = createDecodeGate(deps.decodesAtOnce ?? 2);
  const served = new LRUCache<string, StoredImage>({
    maxSize: Math.max(1, deps.cacheBytes ?? 32 * 1024 * 1024),
    sizeCalculation: (image) => image.bytes.length + image.name.length,
  });

  return {
    async upload(caller: OrganizerCaller, kind: ImageKind, bytes: Buffer): Promise<StudioImage> {
      const release = gate.enter();
      const sizes = await processUpload(bytes, kind).finally(release);
      await uow.transaction(async (repos) => {
        await repos.uploadedImages.store(
          sizes.map((s) => ({
            name: s.name,
            content_type: s.contentType,
            width: s.width,
            height: s.height,
            bytes: s.bytes,
          })),
          caller.userId,
        );
        await repos.audit.record({
          actor: { userId: caller.userId, email: caller.email },
          action: 'image.upload',
          subjectType: 'image',
          subjectId: sizes[0]!.name,
          before: null,
          after: {
            kind,
            uploadBytes: bytes.length,
            sizes: sizes.map((s) => ({ name: s.name, bytes: s.bytes.length })),
          },
        });
      });
      const out = sizes.map((s) => ({
        name: s.sizeName,
        path: `${UPLOADS_PREFIX}${s.name}`,
        width: s.width,
        height: s.height,
      }));
      return { kind, path: out[0]!.path, sizes: out };
    },

    /** The stored image of this name, or undefined. */
    async image(name: string): Promise<StoredImage | undefined> {
      if (!UPLOAD_NAME.test(name)) return undefined;
      const hit = served.get(name);
      if (hit) return hit;
      const image = await uow.repos.uploadedImages.byName(name);
      if (image) served.set(name, image);
      return image;
    },
  };
}
export type ImageService = ReturnType<typeof createImageService>;
