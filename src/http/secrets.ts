/**
 * Secrets never leave the process (docs/design.md#secrets-never-leave-the-process): the API key, every issued token and every
 * Authorization header value are masked in anything recorded, including response bodies that echo them.
 */
export class Secrets {
  private readonly values = new Set<string>();
  /** Every secret in one pattern, the longest first: one pass over a text, and no secret left half shown where a shorter one is part of it. */
  private pattern: RegExp | undefined;

  add(secret: string | undefined): void {
    // Very short strings would mask ordinary text; no real key or token is that short.
    if (!secret || secret.length < 4 || this.values.has(secret)) return;
    this.values.add(secret);
    this.pattern = undefined;
  }

  /**
   * Learns what an exchange seen on the wire holds of secrets (an observer's: the mock of its clients,
   * the proxy): the credential of its Authorization header, the access_token an answer issues, and the
   * institution credentials a request body carries (loginId, password, securityCode, secondaryLoginId:
   * the user's, which the spec never returns). Only a body naming one is parsed: an observer sees every
   * exchange, and parsing each answer again would be most of its cost.
   */
  learnExchange(
    headers: Record<string, string | string[] | undefined>,
    requestBody?: Buffer,
    responseBody?: Buffer,
  ): void {
    const authorization = headers.authorization;
    this.add((Array.isArray(authorization) ? authorization[0] : authorization)?.trim().split(/\s+/)[1]);
    if (responseBody?.includes('access_token')) this.addMembers(responseBody, ['access_token']);
    if (requestBody && institutionCredentials.some((name) => requestBody.includes(name)))
      this.addMembers(requestBody, institutionCredentials);
  }

  /** The string members of that name of a JSON object body. */
  private addMembers(body: Buffer, names: readonly string[]): void {
    try {
      const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown> | null;
      for (const name of names) {
        const value = parsed?.[name];
        if (typeof value === 'string') this.add(value);
      }
    } catch {
      // Not JSON: nothing to learn.
    }
  }

  redact(text: string): string {
    let result = text;
    if (this.values.size > 0) {
      this.pattern ??= new RegExp(
        [...this.values]
          .sort((a, b) => b.length - a.length)
          .map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('|'),
        'g',
      );
      result = result.replace(this.pattern, '***');
    }
    // A credential the suite did not issue (a probe's garbage token) is still masked in headers and echoes.
    return result.replace(/\b(Bearer|Basic)\s+[^\s"',;]+/gi, '$1 ***');
  }

  redactHeaders(headers: Record<string, string>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        name.toLowerCase() === 'authorization' ? maskAuthorization(value) : this.redact(value),
      ]),
    );
  }
}

/** The members of a connection's credentials (spec: Connection, "never returned"; the connection update's body). */
const institutionCredentials = ['loginId', 'password', 'securityCode', 'secondaryLoginId'];

function maskAuthorization(value: string): string {
  const scheme = value.split(/\s+/)[0] ?? '';
  return /^(basic|bearer)$/i.test(scheme) ? `${scheme} ***` : '***';
}
