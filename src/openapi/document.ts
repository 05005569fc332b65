import {
  mockOwnGroup,
  operationNames,
  operations,
  pathParameterNames,
  type Operation,
  type OperationName,
} from '../operations/table.ts';
import { profileDefaults } from '../profile/profile.ts';
import { mockOwnComponents, schemaComponents, type JsonSchema } from './components.ts';
import { operationDescriptions, pathParameters } from './descriptions.ts';
import { operationResponses } from './responses.ts';

/** The document's parts, as far as its readers (the CLI, the project's own tests) need them typed. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string; variables?: Record<string, unknown> }[];
  tags: { name: string; description: string }[];
  /** Path template, then lower-case method, then the operation object. */
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
}

/** Marks an operation the mock serves and the spec does not: its value is `true`. */
export const mockOwnExtension = 'x-fds-mock-own';

/** A route's path pattern as an OpenAPI path template: `/users/:userId` is `/users/{userId}`. */
export const openApiPath = (pattern: string) => pattern.replace(/:([A-Za-z]+)/g, '{$1}');

const tags = [
  { name: 'token', description: 'Token issue (spec: POST {base_url}/token, Authentication).' },
  { name: 'enrich', description: 'Transaction enrichment (spec: GET {base_url}/enrich).' },
  { name: 'users', description: 'Users (spec: POST {base_url}/users).' },
  { name: 'connections', description: "A user's connections to financial institutions." },
  { name: 'jobs', description: 'Long-running connection work.' },
  { name: 'institutions', description: 'The institution catalogue.' },
  { name: 'expenses', description: 'Expense summaries per user over a range of months.' },
  { name: 'affordability', description: "An affordability snapshot's transactions, paginated." },
  {
    name: mockOwnGroup,
    description: `The mock's own endpoints, not the spec's: "Endpoints for creating a connection, listing accounts, listing transactions and creating an affordability snapshot are referenced by links but their shapes are: not shown." The mock serves the links it hands out so that every one resolves; a service built from the spec need not. Each carries \`${mockOwnExtension}: true\`.`,
  },
];

const securitySchemes = {
  basic: {
    type: 'http',
    scheme: 'basic',
    description:
      'The API key of the application: "`Authorization: Basic <API_KEY>`" (spec: Authentication), the key itself as the credential, not base64 of a user and password. "API keys are secret and never placed in client-side code or public places."',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The access token `POST /token` issued: "Every other request carries `Authorization: Bearer <ACCESS_TOKEN>`."',
  },
};

function operationObject(name: OperationName): Record<string, unknown> {
  const operation: Operation = operations[name];
  const text = operationDescriptions[name];
  const pathParameterObjects = pathParameterNames(operation.path).map((parameter) => {
    const description = pathParameters[parameter];
    if (description === undefined)
      throw new Error(
        `path parameter :${parameter} of ${operation.path} has no description in src/openapi/descriptions.ts`,
      );
    return {
      name: parameter,
      in: 'path',
      required: true,
      description,
      schema: { type: 'string', minLength: 1 },
    };
  });
  const parameterObjects = operation.parameters.map((parameter) => {
    const described = text.parameters?.[parameter.name];
    if (!described)
      throw new Error(
        `${name}: parameter ${parameter.name} has no description in src/openapi/descriptions.ts`,
      );
    // The constraints are the schema's, which the description writes in OpenAPI's words.
    const { filter: _filter, bounds: _bounds, ...placed } = parameter;
    return { ...placed, ...described };
  });
  const undeclared = Object.keys(text.parameters ?? {}).filter(
    (parameter) => !operation.parameters.some((declared) => declared.name === parameter),
  );
  if (undeclared.length > 0)
    throw new Error(`${name}: ${undeclared.join(', ')} described but not in the operations table`);
  if (Boolean(operation.body) !== Boolean(text.requestBody))
    throw new Error(`${name}: the table's body and its description disagree`);
  const mediaType = operation.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  return {
    operationId: name,
    tags: [operation.group],
    summary: text.summary,
    description: text.description,
    ...(operation.group === mockOwnGroup ? { [mockOwnExtension]: true } : {}),
    security: [{ [operation.auth]: [] }],
    parameters: [...pathParameterObjects, ...parameterObjects],
    ...(text.requestBody
      ? {
          requestBody: {
            required: true,
            description: text.requestBody.description,
            content: { [mediaType]: { schema: text.requestBody.schema } },
          },
        }
      : {}),
    responses: operationResponses(operation, text),
  };
}

/**
 * Where the operations are served: the base URL given, or the spec's `{base_url}` as a server variable
 * (OpenAPI 3.1, 4.8.5), so a reader or a generated client sees where to put it instead of assuming `/`.
 */
function servers(baseUrl: string | undefined): OpenApiDocument['servers'] {
  if (baseUrl !== undefined) return [{ url: baseUrl, description: 'The service, as given by --base-url.' }];
  return [
    {
      url: '{base_url}',
      description:
        "The service's base URL (the spec's {base_url}), which may carry a path prefix; `fds-conformance openapi --base-url URL` writes it in.",
      variables: {
        base_url: {
          default: 'http://127.0.0.1:8080',
          description: 'Scheme, host and any path prefix, without a trailing slash.',
        },
      },
    },
  ];
}

/**
 * The OpenAPI 3.1 document of the interface as the embedded mock serves it, or with `specOnly` the spec's
 * operations alone: its paths are the operations table (src/operations/table.ts), each operation described
 * by src/openapi/descriptions.ts (whose type takes no table without every operation), its schemas those of
 * schemas/.
 */
export function openApiDocument({
  specOnly = false,
  baseUrl,
}: { specOnly?: boolean; baseUrl?: string } = {}): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const name of operationNames) {
    const operation = operations[name];
    // The spec's operations alone: a server built from the document owes none of the mock's own.
    if (specOnly && operation.group === mockOwnGroup) continue;
    const template = openApiPath(operation.path);
    paths[template] = { ...paths[template], [operation.method.toLowerCase()]: operationObject(name) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Financial Data Service',
      version: profileDefaults.version,
      description: [
        'The interface of the Financial Data Service specification (financial-data-service.md) as the embedded mock of fds-conformance serves it, written by `fds-conformance openapi` from the table of operations of fds-conformance and the JSON Schemas of schemas/. Addresses are relative to {base_url}. "All bodies are JSON unless stated otherwise."',
        'Statuses no operation can declare: a path no operation has is answered 404 (`resource-not-found`), a method a path does not list 405 (`method-not-allowed`) with `Allow`, and a request that is not valid HTTP 400, 408 or 431; each with the error list.',
        specOnly
          ? "The spec's operations only (`--spec-only`): the mock's own endpoints are left out."
          : `Operations tagged \`${mockOwnGroup}\` (and marked \`${mockOwnExtension}: true\`) are the mock's own, not the spec's; \`fds-conformance openapi --spec-only\` leaves them out.`,
      ].join('\n\n'),
    },
    servers: servers(baseUrl),
    tags: specOnly ? tags.filter((tag) => tag.name !== mockOwnGroup) : tags,
    paths,
    components: {
      schemas: { ...schemaComponents(), ...(specOnly ? {} : mockOwnComponents) },
      securitySchemes,
    },
  };
}
