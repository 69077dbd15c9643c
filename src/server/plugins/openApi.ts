import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonEncoded } from '../../shared/contract/jsonQuery';
import { OPENAPI_PATH, USER_TOKEN_NOTE } from '../platform/apiDocument';
import type { AuthRequirement } from '../platform/callerIdentity';
import { refusalStatusesPlugin } from './refusalStatuses';

/** What each `config.auth` asks of the caller, in OpenAPI's words ({} is "no token"). */
const SECURITY: Record<AuthRequirement, Record<string, string[]>[]> = {
  none: [],
  optional: [{}, { bearer: [] }],
  guest: [{ bearer: [] }],
  user: [{ bearer: [] }],
  organizer: [{ bearer: [] }],
};

/** A schema inside its optional and default wrappers. */
function unwrapped(schema: unknown): unknown {
  let inner = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap();
  return inner;
}

type JsonSchemaObject = { properties?: Record<string, unknown> };

/**
 * A query parameter holding JSON (the contract's jsonQuery) is published with OpenAPI's `content`:
 * the shape its JSON must have, where the generic conversion would say only "a string".
 */
function publishJsonParams(query: unknown, published: JsonSchemaObject | undefined): void {
  if (!(query instanceof z.ZodObject) || !published?.properties) return;
  for (const [name, param] of Object.entries(query.shape)) {
    const encoded = jsonEncoded(unwrapped(param));
    if (!encoded) continue;
    const { $schema: _dialect, ...shape } = z.toJSONSchema(encoded.shape, { io: 'input', unrepresentable: 'any' });
    published.properties[name] = {
      ...shape,
      description: `JSON text of at most ${encoded.maxLength} characters.`,
      'x-consume': 'application/json',
    };
  }
}

/**
 * An OpenAPI 3.1 document of the API, made from the same zod schemas that validate each request and
 * answer (the shared contract), so it cannot drift from what the server does. Routes without a
 * schema (the app's pages, its files, the development helpers) are left out. A route that needs a
 * token says so: `bearer`, a guest's or a user's JWT from /v1/token/guest or sign-in. Every status an
 * operation answers is listed, with its schema (refusalStatuses.ts adds the common refusals).
 * Register before the routes: the document is built from the routes registered after it.
 */
export async function registerOpenApi(app: FastifyInstance, { publicUrl }: { publicUrl: string }): Promise<void> {
  await app.register(refusalStatusesPlugin);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AllAccess storefront API',
        version: 'v1',
        description:
          "The storefront's JSON API. Every answer is an envelope: `success`, `message` and, when it succeeds, " +
          '`data`; a refusal has `data: null`, a sentence in `message` and its `requestId`. A method an address ' +
          'does not take is a 405 whose `Allow` lists those it does; a concrete path is matched before a templated ' +
          'one (`/v1/cart/remove` is not `/v1/cart/{id}`).',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "A guest token (GET /v1/token/guest) or a signed-in user's token (POST /v1/verifyotp).",
          },
        },
      },
    },
    transform: (input) => {
      const described =
        input.schema && Object.keys(input.schema).length > 0 && !(input.schema as { hide?: boolean }).hide;
      if (!described) return { schema: { ...input.schema, hide: true } as FastifySchema, url: input.url };
      const { schema, url } = jsonSchemaTransform(input);
      publishJsonParams(input.schema?.querystring, (schema as { querystring?: JsonSchemaObject }).querystring);
      const auth = (input.route.config as { auth?: AuthRequirement } | undefined)?.auth ?? 'optional';
      // The token a call needs comes first, then the route's own description (its schema's `description`).
      const needs =
        auth === 'user' ? USER_TOKEN_NOTE : auth === 'guest' ? "Needs a token: a guest's or a user's." : undefined;
      const description = [needs, (schema as { description?: string }).description].filter(Boolean).join(' ');
      return {
        schema: { ...schema, security: SECURITY[auth], ...(description ? { description } : {}) } as FastifySchema,
        url,
      };
    },
  });

  app.get(OPENAPI_PATH, { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => {
    void reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}
