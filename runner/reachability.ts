import { request } from 'undici';

/**
 * Whether anything answers at the base URL. Only a failure to connect at all (refused, DNS, TLS, no
 * route) counts as unreachable (exit 3); any HTTP answer, or a server that accepts and then stalls,
 * is a target that answers badly: its checks fail instead.
 */
export async function unreachableReason(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await request(baseUrl, {
      method: 'GET',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump();
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const name = (error as Error).name;
    if (
      name === 'TimeoutError' ||
      name === 'AbortError' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT'
    ) {
      return undefined;
    }
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') return undefined;
    const described: Record<string, string> = {
      ECONNREFUSED: 'connection refused',
      ENOTFOUND: 'host name not found',
      EAI_AGAIN: 'host name lookup failed',
      UND_ERR_CONNECT_TIMEOUT: `no connection within ${timeoutMs} ms`,
      EHOSTUNREACH: 'host unreachable',
      ENETUNREACH: 'network unreachable',
    };
    // OpenSSL's words for a TLS handshake that met an HTTP answer: the scheme is wrong, not the server.
    if (/^ERR_SSL_(WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG)$/.test(code))
      return `the server answered plain HTTP; try ${baseUrl.replace(/^https:/, 'http:')}`;
    return (
      described[code] ??
      (code.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test((error as Error).message)
        ? `TLS failed: ${(error as Error).message}`
        : `${code || name}: ${(error as Error).message}`)
    );
  }
}
