/**
 * Secrets never leave the process (DESIGN.md, principle 5): the API key, every issued token and every
 * Authorization header value are masked in anything recorded, including response bodies that echo them.
 */
export class Secrets {
  private readonly values = new Set<string>();

  add(secret: string | undefined): void {
    // Very short strings would mask ordinary text; no real key or token is that short.
    if (secret && secret.length >= 4) this.values.add(secret);
  }

  redact(text: string): string {
    let result = text;
    for (const secret of this.values) if (result.includes(secret)) result = result.replaceAll(secret, '***');
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

function maskAuthorization(value: string): string {
  const scheme = value.split(/\s+/)[0] ?? '';
  return /^(basic|bearer)$/i.test(scheme) ? `${scheme} ***` : '***';
}
