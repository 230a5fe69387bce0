import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Who is on the other end, as far as the gateway can trust. The shared HTTP server is built
 * without Fastify's trustProxy, so the gateway reads X-Forwarded-* itself, and only as many
 * hops back as TRUST_PROXY says proxies it controls have appended.
 */
/** What these read of a request: a Fastify request or Node's own (the API edge) both have it. */
export interface ClientRequest {
  headers: IncomingHttpHeaders;
  socket: Socket;
}

const forwardedList = (value: string | string[] | undefined): string[] =>
  (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function clientIp(req: ClientRequest, trustedHops: number): string {
  const socket = req.socket.remoteAddress ?? '';
  if (trustedHops === 0) return socket;
  // Nearest address first: the socket, then X-Forwarded-For from right to left.
  const chain = [socket, ...forwardedList(req.headers['x-forwarded-for']).reverse()];
  return chain[Math.min(trustedHops, chain.length - 1)] ?? socket;
}

export function clientProtocol(req: ClientRequest, trustedHops: number): 'http' | 'https' {
  if (trustedHops > 0) {
    const proto = forwardedList(req.headers['x-forwarded-proto'])[0];
    if (proto === 'https' || proto === 'http') return proto;
  }
  return 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
}
