import type { IncomingHttpHeaders } from 'node:http';
import {
  IDENTITY_HEADER,
  type Identity,
  INTERNAL_HEADER_PREFIX,
  REQUEST_ID_HEADER,
  type ServiceName,
} from '@acg/contracts';
import { signIdentity } from '@acg/platform';
import type { FastifyRequest } from 'fastify';
import { clientIp, clientProtocol } from '../client';

export interface UpstreamHeaderOptions {
  service: ServiceName;
  identity: Identity;
  internalSecret: string;
  trustedHops: number;
  /** The public URL's host: what services see as X-Forwarded-Host. */
  publicHost: string;
}

/** Forwarding claims the client may have made up; the gateway states its own. */
const CLIENT_FORWARDING = /^(x-forwarded-|forwarded$|x-real-ip$)/;
/**
 * Expect: 100-continue is between the client and the gateway (Node answers the 100 itself);
 * undici refuses to send it upstream.
 */
const HOP_BY_HOP = new Set(['expect']);

/**
 * The headers a service receives. Every `x-acg-*` header the client sent is dropped, whatever
 * its case or value, before the gateway adds its own signed identity: a service can then trust
 * any internal header it sees. Only auth, which owns the session, gets the cookies.
 */
export function upstreamHeaders(
  req: FastifyRequest,
  incoming: IncomingHttpHeaders,
  opts: UpstreamHeaderOptions,
): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    const lower = name.toLowerCase();
    if (lower.startsWith(INTERNAL_HEADER_PREFIX) || CLIENT_FORWARDING.test(lower) || HOP_BY_HOP.has(lower))
      continue;
    if (lower === 'cookie' && opts.service !== 'auth') continue;
    headers[lower] = value;
  }
  headers[IDENTITY_HEADER] = signIdentity(opts.identity, opts.internalSecret);
  headers[REQUEST_ID_HEADER] = req.id;
  headers['x-forwarded-for'] = clientIp(req, opts.trustedHops);
  headers['x-forwarded-proto'] = clientProtocol(req, opts.trustedHops);
  // Never the client's Host: services build redirects and cookies from the public one.
  headers['x-forwarded-host'] = opts.publicHost;
  return headers;
}
