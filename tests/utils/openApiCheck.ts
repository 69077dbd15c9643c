import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './schemaArbitrary';

/**
 * Holds answers to the published API document, as an outside contract tester does: the status must
 * be listed for the operation, the answer's media type must be one listed for that status (or there
 * must be no body when none is), and a JSON body must validate against the listed schema (JSON
 * Schema 2020-12, OpenAPI 3.1's dialect, by Ajv with its formats).
 */
type Media = Record<string, { schema?: JsonSchema }>;
type Parameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  content?: Media;
};
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Media };
  responses: Record<string, { content?: Media }>;
};
export type ApiDocument = { paths: Record<string, Record<string, Operation>> };
type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** Fastify's `/cart/:id` as OpenAPI writes it: `/cart/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export function documentCheck(doc: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (key: string, schema: JsonSchema) => {
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = ajv.compile(schema)));
    return validate;
  };

  return {
    operation: (method: string, url: string): Operation | undefined =>
      doc.paths[openApiPath(url)]?.[method.toLowerCase()],

    /** What is wrong with an answer to `method url` by the document, or null when it is as published. */
    problem(method: string, url: string, answer: Answer): string | null {
      const at = `${method.toUpperCase()} ${openApiPath(url)}`;
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) return `${at} is not in the document`;
      const status = String(answer.statusCode);
      const listed = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
      if (!listed)
        return `${at} answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`;
      const mediaType = String(answer.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      if (!listed.content) return answer.body === '' ? null : `${at} ${status} has a body the document does not list`;
      if (!listed.content[mediaType]) {
        return `${at} ${status} is ${mediaType || 'without a type'}, the document lists ${Object.keys(listed.content).join(', ')}`;
      }
      const schema = listed.content[mediaType]!.schema;
      if (mediaType !== 'application/json' || !schema) return null;
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        return `${at} ${status} is not JSON: ${answer.body.slice(0, 200)}`;
      }
      const validate = validatorFor(`${at} ${status}`, schema);
      if (validate(body)) return null;
      const errors = ajv.errorsText(validate.errors, { dataVar: 'body' });
      return `${at} ${status} does not match the document's schema: ${errors}; body ${answer.body.slice(0, 300)}`;
    },
  };
}
