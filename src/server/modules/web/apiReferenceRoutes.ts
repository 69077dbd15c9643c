import type { FastifyPluginAsync } from 'fastify';
import { OPENAPI_PATH, USER_TOKEN_NOTE } from '../../platform/apiDocument';
import { answerOnlyThisMachine } from '../../platform/thisMachineOnly';
import { esc } from '../mail/templates';

type Operation = {
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};
type Document = { info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };

const json = (value: unknown) => `<pre>${esc(JSON.stringify(value, null, 2))}</pre>`;
const who = (op: Operation) => {
  const security = op.security ?? [];
  if (security.length === 0) return 'no token';
  if (security.some((s) => Object.keys(s).length === 0)) return 'token optional';
  return op.description?.startsWith(USER_TOKEN_NOTE) ? 'user token' : 'token';
};

function operationHtml(method: string, path: string, op: Operation): string {
  const params = (op.parameters ?? [])
    .map((p) => `<li><code>${esc(p.name)}</code> in ${esc(p.in)}${p.required ? ', required' : ''}</li>`)
    .join('');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(op.responses ?? {})
    .map(
      ([status, r]) =>
        `<details><summary>${esc(status)} ${esc(r.description ?? '')}</summary>` +
        `${json(r.content?.['application/json']?.schema ?? null)}</details>`,
    )
    .join('');
  const summary = op.summary ? ` — ${esc(op.summary)}` : '';
  const description = op.description ? `<p>${esc(op.description)}</p>` : '';
  const heading =
    `<span class="m">${esc(method.toUpperCase())}</span> ` +
    `<code>${esc(path)}</code>${summary} <small>${who(op)}</small>`;
  return (
    `<section id="${esc(`${method}-${path}`)}"><h2>${heading}</h2>${description}
${params ? `<h3>Parameters</h3><ul>${params}</ul>` : ''}${body ? `<h3>Body</h3>${json(body)}` : ''}` +
    `<h3>Answers</h3>${responses}</section>`
  );
}

/**
 * /dev/api: the OpenAPI document as a page to read while developing, drawn on the server (the app's
 * Content-Security-Policy allows no inline script, and a viewer library would be a dependency for
 * one page). Registered only outside production, and it answers only a caller on this machine.
 */
export const apiReferenceRoutes: FastifyPluginAsync<{ proxyDeclared: boolean }> = async (app, { proxyDeclared }) => {
  answerOnlyThisMachine(app, { proxyDeclared });
  app.get('/dev/api', { config: { auth: 'none' } }, async (_req, reply) => {
    const doc = app.swagger() as unknown as Document;
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    const index = operations
      .map(
        ({ path, method }) =>
          `<li><a href="#${esc(`${method}-${path}`)}">${esc(method.toUpperCase())} ${esc(path)}</a></li>`,
      )
      .join('');
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return (
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" ` +
      `content="width=device-width,initial-scale=1"><title>${esc(doc.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#0b0a12;color:#f4f2f8;max-width:960px;margin:0 ` +
      `auto;padding:24px}a{color:#ffcf5c}section{border:1px solid #333;border-radius:10px;padding:16px;margin:16px ` +
      `0;background:#16141f}h2{font-size:1.05rem;margin:0}h3{font-size:.95rem;margin:12px 0 ` +
      `4px}small{color:#b9b4c7;font-weight:400}.m{color:#ffcf5c}pre{white-space:pre-wrap;font-size:.8rem;` +
      `background:#0b0a12;padding:8px;border-radius:6px;overflow:auto}summary{cursor:pointer}</style></head>
<body><h1>${esc(doc.info.title)} (${esc(doc.info.version)})</h1><p>${operations.length} operations. The same ` +
      `document ` +
      `as JSON: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p>
<nav aria-label="Operations"><ul>${index}</ul></nav><main>` +
      `${operations.map(({ path, method, op }) => operationHtml(method, path, op)).join('')}</main></body></html>`
    );
  });
};
