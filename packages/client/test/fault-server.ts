import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the server received it: raw body bytes, so replays can be compared byte for byte. */
export interface RecordedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** How the server answers one request. */
export type Fault =
  /**
   * An HTTP response with a JSON body (or none), sent after `delayMs`. With `bodyStallMs`, the headers and the
   * first half of the body go at once and the rest that much later (a slow download).
   */
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number; bodyStallMs?: number }
  /** The connection is destroyed without a response (the client sees ECONNRESET / "other side closed"). */
  | { reset: true };

/** A real HTTP server on 127.0.0.1 playing the Payments Connect API, with scripted faults. */
export interface FaultServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Every request received, token requests included, in order. */
  readonly requests: RecordedRequest[];
  /** The token requests received. */
  tokenRequests(): RecordedRequest[];
  /** The requests other than token requests. */
  apiRequests(): RecordedRequest[];
  /** Answers the next requests for `METHOD /path` (query ignored) with these faults, in order, then as usual. */
  queue(operation: string, ...faults: Fault[]): void;
  /** Answers the next token requests with these faults, in order, then as usual. */
  queueToken(...faults: Fault[]): void;
  /** The token endpoint's usual answer: `expires_in` and a delay (to let concurrent callers pile up). */
  readonly token: { expiresIn: number; delayMs: number };
  /** Makes every token issued so far invalid: the next API request with one answers 401. */
  revokeTokens(): void;
  close(): Promise<void>;
}

export const TOKEN_PATH = '/auth/token';

/**
 * Starts the server. Usual answers: the token endpoint issues `token-1`, `token-2`... valid until revoked; an
 * API request with a valid bearer gets 200 `{ ok: true, method, url }`, without one 401 `UNAUTHORIZED`.
 */
export async function startFaultServer(): Promise<FaultServer> {
  const requests: RecordedRequest[] = [];
  const queued = new Map<string, Fault[]>();
  const validTokens = new Set<string>();
  const token = { expiresIn: 3600, delayMs: 0 };
  let issued = 0;
  const timers = new Set<NodeJS.Timeout>();

  function later(ms: number, work: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  }

  function answer(response: ServerResponse, fault: Exclude<Fault, { reset: true }>) {
    const send = () => {
      if (response.destroyed) return;
      const body = fault.body === undefined ? '' : JSON.stringify(fault.body);
      response.writeHead(fault.status, {
        ...(body ? { 'Content-Type': 'application/json' } : {}),
        ...fault.headers,
      });
      if (!fault.bodyStallMs) return void response.end(body);
      const half = Math.floor(body.length / 2);
      response.write(body.slice(0, half));
      later(fault.bodyStallMs, () => response.destroyed || response.end(body.slice(half)));
    };
    if (!fault.delayMs) return send();
    later(fault.delayMs, send);
  }

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const recorded = {
      method: request.method!,
      url: request.url!,
      headers: request.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(recorded);
    const path = recorded.url.split('?')[0];
    const isToken = path === TOKEN_PATH;
    const fault = queued.get(isToken ? TOKEN_PATH : `${recorded.method} ${path}`)?.shift();
    if (fault && 'reset' in fault) return void request.socket.destroy();
    if (fault) return answer(response, fault);
    if (isToken) {
      const accessToken = `token-${++issued}`;
      validTokens.add(accessToken);
      return answer(response, {
        status: 200,
        body: { access_token: accessToken, expires_in: token.expiresIn, token_type: 'Bearer' },
        delayMs: token.delayMs,
      });
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !validTokens.has(bearer)) {
      return answer(response, {
        status: 401,
        body: { code: 'UNAUTHORIZED', message: 'The bearer token is not valid' },
      });
    }
    answer(response, { status: 200, body: { ok: true, method: recorded.method, url: recorded.url } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function queue(operation: string, ...faults: Fault[]) {
    queued.set(operation, [...(queued.get(operation) ?? []), ...faults]);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    token,
    tokenRequests: () => requests.filter((request) => request.url === TOKEN_PATH),
    apiRequests: () => requests.filter((request) => request.url !== TOKEN_PATH),
    queue,
    queueToken: (...faults) => queue(TOKEN_PATH, ...faults),
    revokeTokens: () => validTokens.clear(),
    close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
