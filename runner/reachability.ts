import { connect } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

/** What one probe of the base URL came to. */
type Probe =
  | { answered: true }
  /**
   * `connected`: the target took the connection and then stalled or reset it, so something is there;
   * `silent`: it stalled, saying nothing within the time limit.
   * `wrongScheme`: it speaks the other of HTTP and TLS, which no wait changes.
   */
  | { answered: false; connected: boolean; reason: string; silent?: true; wrongScheme?: true };

/** One GET of the base URL: any HTTP answer, whatever its status, is an answer. */
async function probe(baseUrl: string, timeoutMs: number): Promise<Probe> {
  try {
    const response = await request(baseUrl, {
      method: 'GET',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body.dump();
    return { answered: true };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const name = (error as Error).name;
    if (
      name === 'TimeoutError' ||
      name === 'AbortError' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT'
    )
      return { answered: false, connected: true, reason: `no answer within ${timeoutMs} ms`, silent: true };
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') {
      // A TLS server closes on a plain HTTP request: the scheme is wrong, not the server.
      if (baseUrl.startsWith('http:') && (await speaksTls(baseUrl, timeoutMs)))
        return {
          answered: false,
          connected: false,
          reason: `the server speaks TLS; try ${baseUrl.replace(/^http:/, 'https:')}`,
          wrongScheme: true,
        };
      return { answered: false, connected: true, reason: 'connection reset' };
    }
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
      return {
        answered: false,
        connected: false,
        reason: `the server answered plain HTTP; try ${baseUrl.replace(/^https:/, 'http:')}`,
        wrongScheme: true,
      };
    const reason =
      described[code] ??
      (code.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test((error as Error).message)
        ? `TLS failed: ${(error as Error).message}`
        : `${code || name}: ${(error as Error).message}`);
    return { answered: false, connected: false, reason };
  }
}

/**
 * Whether the base URL's host and port complete a TLS handshake: asked only of an `http://` target that
 * closed on the probe. The certificate is not judged, only that TLS is spoken there.
 */
function speaksTls(baseUrl: string, timeoutMs: number): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({
      host: hostname,
      port: Number(port || 80),
      ...(/^[\d.]+$|:/.test(hostname) ? {} : { servername: hostname }),
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    const end = (tls: boolean) => {
      socket.destroy();
      resolve(tls);
    };
    socket.once('secureConnect', () => end(true));
    socket.once('error', () => end(false));
    socket.once('timeout', () => end(false));
  });
}

/**
 * Whether anything answers at the base URL. Only a failure to connect at all (refused, DNS, TLS, no
 * route) counts as unreachable (exit 3); any HTTP answer, or a server that accepts and then stalls,
 * is a target that answers badly: its checks fail instead.
 */
export async function unreachableReason(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  return (await reachability(baseUrl, timeoutMs)).unreachable;
}

/**
 * The probe as the pre-flight reads it: why the target cannot be reached (unreachableReason), or, for one
 * that took the connection, whether it kept silent the whole time limit, which the token request after it
 * need not wait out again.
 */
export async function reachability(
  baseUrl: string,
  timeoutMs: number,
): Promise<{ unreachable?: string; silent?: true }> {
  const result = await probe(baseUrl, timeoutMs);
  if (result.answered) return {};
  if (!result.connected) return { unreachable: result.reason };
  return result.silent ? { silent: true } : {};
}

/** The first pause between probes of `--wait-for`, doubled after each up to the longest. */
const firstPauseMs = 100;
const longestPauseMs = 2_000;

/**
 * `--wait-for SECONDS`: probes the base URL until it gives any HTTP answer, for a service started just
 * before the run (a CI job's background step). Everything short of an answer is "not yet": a refused
 * connection, a host name not yet known, a server that takes the connection and does not answer. Past
 * the deadline, the one line of exit 3, saying how long it waited and what the last probe met.
 */
export async function waitForAnswer(
  baseUrl: string,
  seconds: number,
  timeoutMs: number,
): Promise<string | undefined> {
  const deadline = Date.now() + seconds * 1000;
  let pauseMs = firstPauseMs;
  for (;;) {
    const left = deadline - Date.now();
    const result = await probe(baseUrl, Math.max(1, Math.min(timeoutMs, left)));
    if (result.answered) return undefined;
    if (result.wrongScheme) return result.reason;
    const after = deadline - Date.now();
    if (after <= 0) return `no answer after waiting ${seconds} s (last: ${result.reason})`;
    await sleep(Math.min(pauseMs, after));
    pauseMs = Math.min(pauseMs * 2, longestPauseMs);
  }
}
