import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMAGE_CONTENT_TYPES,
  STUDIO_EVENT_LIMITS,
  STUDIO_EVENT_MESSAGES,
  studioImageQuery,
  studioImageResponse,
} from '../../../shared/contract/studioEvents';
import { requireOrganizer } from '../../platform/callerIdentity';
import { perCaller } from '../../platform/callerLimits';
import { ok } from '../../platform/successEnvelope';
import { Invalid } from '../../platform/domainErrors';
import { withErrors } from '../../platform/schemas';
import type { ImageService } from './imageService';

/**
 * POST /v1/studio/images: the raw picture as the body. No multipart: one file per request, its bytes
 * as they are. Whatever the Content-Type says (the check is by content, imageProcessing.ts), the body
 * is read as bytes up to the upload limit; a JSON body is not a picture and is refused the same way.
 */
export const imageUploadRoutes: FastifyPluginAsyncZod<{ service: ImageService; uploadsPerMinute: number }> = async (
  app,
  { service, uploadsPerMinute },
) => {
  const bodyLimit = STUDIO_EVENT_LIMITS.imageBytes;
  // In this plugin only (encapsulated): every type but JSON arrives as a Buffer, checked by content.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));

  app.post(
    '/studio/images',
    {
      // Per organizer: each upload takes a core to decode (and the process decodes few at once: imageService.ts).
      config: { auth: 'organizer', rateLimit: perCaller(uploadsPerMinute), readsOwnBody: true },
      bodyLimit,
      schema: {
        summary: 'Upload a poster or slide image',
        description:
          `The image's bytes as the body (${IMAGE_CONTENT_TYPES.join(', ')}; at most 10 MB and 50 megapixels), ` +
          '`kind` poster (1200×630 and a 600×315 card) or slide (1920×1080 and 960×540). Checked by content: SVG, ' +
          'other formats, corrupt files and decompression bombs are refused with a sentence. 429 past the uploads ' +
          'an organizer may make a minute; 503 while this server decodes as many uploads as it does at once. ' +
          'Answers the stored ' +
          "sizes (JPEG, metadata stripped); put `path` in the event's posterPath or slide.imagePath.",
        tags: ['studio'],
        querystring: studioImageQuery,
        response: withErrors({ 201: studioImageResponse }),
      },
    },
    async (req, reply) => {
      const caller = requireOrganizer(req);
      void reply.header('cache-control', 'no-store');
      if (!Buffer.isBuffer(req.body)) throw new Invalid(STUDIO_EVENT_MESSAGES.imageType);
      return reply.status(201).send(ok(await service.upload(caller, req.query.kind, req.body), 'Image uploaded'));
    },
  );
};

const YEAR = 31_536_000;

/**
 * GET /media/uploads/:name: an uploaded image, from the database (every instance has it). A name is
 * a content hash and a size, so its bytes never change: cached a year, immutable, its name its ETag.
 * A more specific route than the media folder's `/media/*` (modules/web/media.ts), so it wins.
 */
export const uploadedImageRoutes: FastifyPluginAsyncZod<{ service: ImageService }> = async (app, { service }) => {
  app.get(
    '/media/uploads/:name',
    {
      config: { auth: 'none' },
      schema: { hide: true, params: z.strictObject({ name: z.string().max(200) }) },
    },
    async (req, reply) => {
      const image = await service.image(req.params.name);
      if (!image) return reply.status(404).send({ success: false, message: 'No such image', data: null });
      const etag = `"${image.name}"`;
      void reply
        .header('cache-control', `public, max-age=${YEAR}, immutable`)
        .header('etag', etag)
        .header('access-control-allow-origin', '*');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(image.content_type).send(image.bytes);
    },
  );
};
