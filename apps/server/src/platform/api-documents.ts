import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { errorEnvelope } from '@kismat/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorGuard } from './operator-auth';

/** The operator API's document; the public one at /docs/json leaves these paths out. */
export const OPERATOR_DOCUMENT_PATH = '/admin-api/docs/json';

export function isOperatorPath(path: string): boolean {
  return path === '/admin-api' || path.startsWith('/admin-api/');
}

type OpenApiDocument = { paths?: Record<string, unknown> } & Record<string, unknown>;

function keepPaths<T extends OpenApiDocument>(document: T, keep: (path: string) => boolean): T {
  return { ...document, paths: Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => keep(path))) };
}

const openApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) });

/**
 * Two OpenAPI documents from one route table. `/docs` (UI, /docs/json, /docs/yaml) is public
 * and describes what members, agents, vendors and payment providers call; the back-office API
 * (/admin-api) is described only at OPERATOR_DOCUMENT_PATH to an authenticated operator. The
 * attack: a public list of the 29 operator routes (and which need what) is a map for whoever
 * probes the back office.
 */
export async function registerApiDocuments(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kismat API', version: '0.1.0', description: 'Member site, agent centre, games, vendors and payment callbacks.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    transformSpecification: (document) => keepPaths(document as OpenApiDocument, (path) => !isOperatorPath(path)),
    transformSpecificationClone: true,
  });

  app.get(
    OPERATOR_DOCUMENT_PATH,
    {
      onRequest: operatorGuard('read'),
      schema: {
        tags: ['operator'],
        summary: 'The OpenAPI document of the operator API (/admin-api), for operators only',
        security: [{ bearer: [] }],
        response: { 200: openApiDocument, '4xx': errorEnvelope, '5xx': errorEnvelope },
      },
    },
    async () => {
      const document = keepPaths(app.swagger() as unknown as OpenApiDocument, isOperatorPath);
      return {
        ...document,
        info: {
          title: 'Kismat operator API',
          version: '0.1.0',
          description: 'The back office: operator sessions, approvals, adjustments, audit, settings.',
        },
      };
    },
  );
}
