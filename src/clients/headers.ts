import type { Judgement } from '../observation/types.ts';
import { operations } from '../operations/table.ts';
import { broken, held, judged, requestLine, type ClientRequest } from './request.ts';

/**
 * The rules on a request's headers: the token request's Basic credential, its form content type and its
 * version header (CLIENT-01 to CLIENT-04), and the bearer header of every other request (CLIENT-06). Apart
 * from the body's rules (bodies.ts) because they are judged whether or not the observer read the body.
 * Messages never repeat an Authorization value.
 */

const tokenMediaType = 'application/x-www-form-urlencoded';

/** `<scheme> <credential>`, the scheme compared without case (AMB-CLIENT-02). */
export function hasScheme(value: string | undefined, scheme: string): boolean {
  if (value === undefined) return false;
  const match = /^(\S+)\s+(\S+)$/.exec(value);
  return match !== null && match[1]!.toLowerCase() === scheme;
}

function authorizationMessage(request: ClientRequest, expected: string): string | undefined {
  const value = request.header('authorization');
  if (hasScheme(value, expected.toLowerCase())) return undefined;
  const what =
    value === undefined || value === ''
      ? 'carries no Authorization header'
      : `carries an Authorization header that is not \`${expected} <credential>\``;
  return `${requestLine(request)} ${what}`;
}

export function judgeHeaders(request: ClientRequest): Judgement[] {
  if (request.operation !== 'issueToken') {
    return [judged('CLIENT-06', authorizationMessage(request, 'Bearer'))];
  }
  const judgements = [judged('CLIENT-01', authorizationMessage(request, 'Basic'))];
  const mediaType = request.mediaType;
  judgements.push(
    judged(
      'CLIENT-02',
      mediaType === tokenMediaType
        ? undefined
        : `POST /token is labelled ${mediaType === undefined ? 'with no Content-Type' : `Content-Type ${mediaType}`}, not ${tokenMediaType}`,
    ),
  );
  // The version header's name is the table's (the token operation's required header parameter).
  for (const parameter of operations.issueToken.parameters) {
    if (parameter.in !== 'header' || !parameter.required) continue;
    const value = request.header(parameter.name);
    if (value === undefined || value === '') {
      const others = Object.keys(request.request.headers).filter(
        (name) => name !== parameter.name && /version/i.test(name),
      );
      judgements.push(
        broken(
          'CLIENT-03',
          `POST /token carries no ${parameter.name} header` +
            (others.length > 0 ? `; the version went under ${others.join(', ')}` : '') +
            (value === '' ? ' (it is empty)' : ''),
        ),
      );
      continue;
    }
    judgements.push(held('CLIENT-03'));
    judgements.push(
      judged(
        'CLIENT-04',
        /^\d+(\.\d+)*$/.test(value)
          ? undefined
          : `POST /token's ${parameter.name} is ${JSON.stringify(value.slice(0, 40))}, not a version number like 2.0`,
      ),
    );
  }
  return judgements;
}
