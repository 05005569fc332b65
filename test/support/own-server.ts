import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OwnServer {
  url: string;
  /** Ends its connections too, so a test's stalled request does not hold the close. */
  close(): Promise<void>;
}

/** A server of the test's own on 127.0.0.1 (any free port), for what the mock never does. */
export async function ownServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<OwnServer> {
  const created = createServer(handle);
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(created.address() as AddressInfo).port}`,
    close: () => {
      created.closeAllConnections();
      return new Promise<void>((resolve) => created.close(() => resolve()));
    },
  };
}
