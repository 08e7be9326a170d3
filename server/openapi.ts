import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Access, Endpoint } from '@contract/endpoint';
import { locales } from '@contract/locales';
import { type ConversionConfig, type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type { Hono } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from './contract-router';
import { ApiError } from './errors';
import { xsrfCookieName, xsrfHeaderName } from './xsrf';

const nodeRequire = createRequire(import.meta.url);
const packageVersion = (nodeRequire('../package.json') as { version: string }).version;

/** The part of OpenAPI 3.1 this server writes; enough for tests and tools to read it typed. */
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-access': Access;
  security: Record<string, string[]>[];
  parameters: { $ref: string }[];
  requestBody: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, { post: OpenApiOperation }>;
  components: {
    securitySchemes: Record<string, unknown>;
    parameters: Record<string, unknown>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
  };
}

export const openApiPath = '/v2/openapi.json';
export const docsPath = '/v2/docs';

// `check` (cross-field rules such as date ranges), `trim` and `to_upper_case` have no JSON Schema
// form; the server still applies them, the document just does not show them.
const conversion: ConversionConfig = {
  target: 'draft-2020-12',
  errorMode: 'throw',
  ignoreActions: ['check', 'trim', 'to_upper_case'],
};

function schemaOf(schema: v.GenericSchema, typeMode: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = toJsonSchema(schema, { ...conversion, typeMode });
  return json;
}

const accessNotes: Record<Access, string> = {
  public: 'Anyone may call this; a TOKEN, when sent, identifies the player.',
  user: 'Signed-in players (TOKEN header).',
  agent: 'Signed-in agents only (TOKEN header); other players get 403.',
  admin: 'Signed-in operators only (TOKEN header); everyone else gets 403.',
  provider: 'Outside providers; the request carries its own signature.',
};

function needsToken(access: Access): boolean {
  return access === 'user' || access === 'agent' || access === 'admin';
}

/** `/v2/app/user/bank/save` → `appUserBankSave`. */
function operationIdOf(endpointPath: string): string {
  const words = endpointPath
    .replace(/^\/v2\//, '')
    .split(/[/_-]+/)
    .filter(Boolean);
  return words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** Groups calls by area: by the path segment that names the area. */
function tagOf(endpointPath: string): string {
  const [, , root = '', area = ''] = endpointPath.split('/');
  if (root === 'cpp') return 'crypto';
  if (root === 'admin') return 'admin';
  return area;
}

const errorEnvelope: JsonSchema = {
  type: 'object',
  required: ['code', 'msg'],
  properties: {
    code: { type: 'integer', description: 'Equals the HTTP status.' },
    msg: { type: 'string', description: 'Localised by Accept-Language.' },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Per-field messages of a 400, keyed by the field’s dotted path.',
    },
    requestId: { type: 'string', description: 'Quote it when reporting a 500.' },
  },
};

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } } };
}

function operationOf(endpoint: Endpoint): OpenApiOperation {
  const parameters = [{ $ref: '#/components/parameters/AcceptLanguage' }];
  if (endpoint.idempotent) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const responses: Record<string, unknown> = {
    '200': {
      description: 'Success',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['code', 'msg', 'data'],
            properties: {
              code: { const: 200 },
              msg: { type: 'string' },
              data: schemaOf(endpoint.data, 'output'),
            },
          },
        },
      },
    },
    '400': { $ref: '#/components/responses/InvalidInput' },
    '403': { $ref: '#/components/responses/Forbidden' },
  };
  if (needsToken(endpoint.access)) responses['401'] = { $ref: '#/components/responses/Unauthorised' };
  responses.default = { $ref: '#/components/responses/Refused' };
  return {
    operationId: operationIdOf(endpoint.path),
    summary: endpoint.summary,
    description: [
      `Access: ${accessNotes[endpoint.access]}`,
      endpoint.access === 'admin' ? `Operator roles allowed: ${endpoint.roles.join(', ')}.` : '',
      endpoint.idempotent
        ? 'Moves money: send an Idempotency-Key; a retry with the same key returns the first result and moves nothing, the same key with another body is a 409.'
        : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
    tags: [tagOf(endpoint.path)],
    'x-access': endpoint.access,
    ...(endpoint.access === 'admin' ? { 'x-roles': endpoint.roles } : {}),
    security: needsToken(endpoint.access) ? [{ xsrf: [], token: [] }] : [{ xsrf: [] }],
    parameters,
    requestBody: {
      // An optional body may be left out altogether; the defaults in its schema then apply.
      required: endpoint.body.type !== 'optional',
      content: { 'application/json': { schema: schemaOf(endpoint.body, 'input') } },
    },
    responses,
  };
}

/** The OpenAPI 3.1 document of every contract entry; build it once per app. */
export function buildOpenApiDocument(endpoints: readonly Endpoint[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    if (paths[endpoint.path]) throw new Error(`Two contract entries share the path ${endpoint.path}`);
    paths[endpoint.path] = { post: operationOf(endpoint) };
  }
  const tags = [...new Set(endpoints.map((e) => tagOf(e.path)))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Game hall API',
      version: packageVersion,
      description: [
        'Every call is a POST with a JSON body and answers with the envelope `{ code, msg, data }`; `code` equals the HTTP status.',
        `State-changing calls must echo the ${xsrfCookieName} cookie (issued by any GET, for example \`GET /v2/xsrf\`) in the ${xsrfHeaderName} header.`,
        'Amounts in yen and game coins are integers (yen has no minor unit); crypto amounts are decimal strings in the coin’s base unit; instants are ISO-8601 strings.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'TOKEN',
          description: 'The session token returned by sign-in or registration.',
        },
        xsrf: {
          type: 'apiKey',
          in: 'header',
          name: xsrfHeaderName,
          description: `The value of the ${xsrfCookieName} cookie, echoed on every POST.`,
        },
      },
      parameters: {
        AcceptLanguage: {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description: 'Language of `msg` and of localised content; ja-JP when absent.',
          schema: { type: 'string', examples: [...locales] },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: 'A key unique to this money movement, reused unchanged on retries.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
        },
      },
      schemas: { ErrorEnvelope: errorEnvelope },
      responses: {
        InvalidInput: errorResponse(
          'The body failed its schema (`fields` names each field), or a required header is missing.',
        ),
        Unauthorised: errorResponse('Not signed in, or the session has expired.'),
        Forbidden: errorResponse('The caller’s role may not make this call, or the XSRF header is missing or wrong.'),
        Refused: errorResponse('402 session ended, 404, 409 conflict, 422 business rule, 429 too many attempts, 500.'),
      },
    },
  };
}

const swaggerUiDir = path.dirname(nodeRequire.resolve('swagger-ui-dist/package.json'));
const docsInitScript = fileURLToPath(new URL('../public/docs/swagger-init.js', import.meta.url));

/** The Swagger UI files the reference page loads, by the name it asks for. */
const docsAssets: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: path.join(swaggerUiDir, 'swagger-ui.css'), type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': {
    file: path.join(swaggerUiDir, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
  },
  'favicon-32x32.png': { file: path.join(swaggerUiDir, 'favicon-32x32.png'), type: 'image/png' },
  'swagger-init.js': { file: docsInitScript, type: 'text/javascript; charset=utf-8' },
};

const docsPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Game hall API reference</title>
    <link rel="icon" type="image/png" href="${docsPath}/favicon-32x32.png">
    <link rel="stylesheet" href="${docsPath}/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui" data-spec-url="${openApiPath}"></div>
    <script src="${docsPath}/swagger-ui-bundle.js"></script>
    <script src="${docsPath}/swagger-init.js"></script>
  </body>
</html>
`;

/** Serves the document and a Swagger UI page for it; the page runs no inline script (CSP). */
export function mountApiReference(app: Hono<AppEnv>, document: OpenApiDocument): void {
  const body = JSON.stringify(document);
  app.get(openApiPath, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
  app.get(docsPath, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(docsPage);
  });
  app.get(`${docsPath}/:asset`, async (c) => {
    const asset = docsAssets[c.req.param('asset')];
    if (!asset) throw new ApiError(404, 'error.notFound');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(await readFile(asset.file), 200, { 'Content-Type': asset.type });
  });
}
