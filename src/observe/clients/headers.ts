import { broken, held, judged, requestLine, type ClientJudgement, type ClientRequest } from './request.ts';

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

/**
 * `versionHeader` is the version header's name the service was configured with (judge.ts,
 * ClientConfiguration): the spec's `service-version` stands for a product's own, its brand in place of
 * `service` (AMB-GEN-07), and a client is held to the name its service gives.
 */
export function judgeHeaders(request: ClientRequest, versionHeader: string): ClientJudgement[] {
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
  const name = versionHeader.toLowerCase();
  const value = request.header(name);
  if (value === undefined || value === '') {
    const others = Object.keys(request.request.headers).filter(
      (other) => other !== name && /version/i.test(other),
    );
    judgements.push(
      broken(
        'CLIENT-03',
        `POST /token carries no ${name} header` +
          (others.length > 0 ? `; the version went under ${others.join(', ')}` : '') +
          (value === '' ? ' (it is empty)' : ''),
      ),
    );
    return judgements;
  }
  judgements.push(held('CLIENT-03'));
  judgements.push(
    judged(
      'CLIENT-04',
      /^\d+(\.\d+)*$/.test(value)
        ? undefined
        : `POST /token's ${name} is ${JSON.stringify(value.slice(0, 40))}, not a version number like 2.0`,
    ),
  );
  return judgements;
}
