import type { IncomingMessage } from 'node:http';
import { MockError, quoted } from './errors.ts';
import type { MockContext, Route } from './router.ts';

// Reading a request's body for its route: the size limit (413), the media type the route takes, and the
// parse, with the readings of the token endpoint's body the register names (AMB-TOKEN-01).

const contentTypes = { json: 'application/json', form: 'application/x-www-form-urlencoded' } as const;

/**
 * The body of a request for its route, parsed: undefined for a route that takes none; the bytes read are
 * left in `read.body` for the client observer.
 */
export async function readBody(
  req: IncomingMessage,
  route: Route,
  context: MockContext,
  read: { body?: Buffer },
): Promise<unknown> {
  if (!route.body) {
    req.resume();
    return undefined;
  }
  const max = context.options.maxBodyBytes;
  const length = Number(req.headers['content-length'] ?? 0);
  if (length > max) throw tooLarge(max, `${length} bytes`);
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw tooLarge(max, `more than ${max} bytes`);
    chunks.push(chunk);
  }
  read.body = Buffer.concat(chunks);
  const text = read.body.toString('utf8');
  // The token endpoint's refusals are fixed by its error table: a malformed request is invalid-request.
  const code = route.auth === 'basic' ? 'invalid-request' : 'parameter-not-valid';
  // The jsonBody variant reads a JSON body at the token endpoint as it reads the form (mock/routes/token.ts).
  if (
    route.body === 'form' &&
    mediaType === contentTypes.json &&
    context.options.variants.token?.jsonBody === 'accepted'
  ) {
    return parseJson(text, code);
  }
  // Under jsonBody 'ignored' a form route reads no other type: its parameters are those of an empty form.
  if (
    route.body === 'form' &&
    mediaType !== contentTypes.form &&
    context.options.variants.token?.jsonBody === 'ignored'
  ) {
    return {};
  }
  const empty = text === '' ? route.emptyBody?.(context) : undefined;
  // No bytes carry no media type: a client that omits an optional body often omits the content type too.
  if (empty !== undefined && (mediaType === '' || mediaType === contentTypes[route.body])) return empty;
  if (mediaType !== contentTypes[route.body]) {
    // 415 where the spec is silent; the token endpoint's table makes a malformed request a 400.
    const status = route.auth === 'basic' ? 400 : 415;
    const expected = contentTypes[route.body];
    const detail =
      mediaType === ''
        ? `Content-Type is required: the body must be ${expected}`
        : `Content-Type must be ${expected}, got ${quoted(mediaType)}`;
    throw new MockError(status, code, 'Unsupported content type', detail, 'Content-Type');
  }
  if (route.body === 'form') return Object.fromEntries(new URLSearchParams(text));
  return parseJson(text, code);
}

/** The body parsed; a body that does not parse is refused without repeating it, as it may hold a password. */
function parseJson(text: string, code: string): unknown {
  if (text === '')
    throw new MockError(
      400,
      code,
      'Malformed JSON',
      'the body is required, got no bytes: it must be JSON',
      'body',
    );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const received = `${Buffer.byteLength(text)} bytes that do not parse`;
    throw new MockError(400, code, 'Malformed JSON', `the body is not valid JSON, got ${received}`, 'body');
  }
}

function tooLarge(max: number, received: string): MockError {
  return new MockError(
    413,
    'payload-too-large',
    'Payload too large',
    `the body must be at most ${max} bytes, got ${received}`,
    'body',
  );
}
