import type { IncomingHttpHeaders } from 'node:http';
import {
  IDENTITY_HEADER,
  type Identity,
  INTERNAL_HEADER_PREFIX,
  REQUEST_ID_HEADER,
  type ServiceName,
} from '@acg/contracts';
import { type ClientRequest, clientIp, clientProtocol } from '../client';

export interface UpstreamHeaderOptions {
  service: ServiceName;
  identity: Identity;
  /** Signs the identity (createIdentitySigner: one HMAC per identity and second). */
  sign: (identity: Identity) => string;
  trustedHops: number;
  /** The public URL's host: what services see as X-Forwarded-Host. */
  publicHost: string;
}

/** Headers of one connection (either side's), never passed on to the other side. */
export const CONNECTION_HEADERS = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
] as const;

/** Forwarding claims the client may have made up; the gateway states its own. */
const CLIENT_FORWARDING = /^(x-forwarded-|forwarded$|x-real-ip$)/;
/**
 * Headers of the client's connection, not of the request: the gateway's own connection to the
 * service has its own (undici refuses most of them). Expect: 100-continue is between the client
 * and the gateway (Node answers the 100 itself). Host is the service's, set by the client
 * library; services read the public host from X-Forwarded-Host.
 */
const HOP_BY_HOP = new Set(['expect', 'host', ...CONNECTION_HEADERS]);

/**
 * The headers a service receives. Every `x-acg-*` header the client sent is dropped, whatever
 * its case or value, before the gateway adds its own signed identity: a service can then trust
 * any internal header it sees. Only auth, which owns the session, gets the cookies.
 */
export function upstreamHeaders(
  req: ClientRequest & { id: string },
  incoming: IncomingHttpHeaders,
  opts: UpstreamHeaderOptions,
): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  const cookies = opts.service === 'auth';
  // Node's parser hands header names over in lower case.
  for (const name in incoming) {
    if (name.startsWith(INTERNAL_HEADER_PREFIX) || HOP_BY_HOP.has(name) || CLIENT_FORWARDING.test(name))
      continue;
    if (name === 'cookie' && !cookies) continue;
    headers[name] = incoming[name];
  }
  headers[IDENTITY_HEADER] = opts.sign(opts.identity);
  headers[REQUEST_ID_HEADER] = req.id;
  headers['x-forwarded-for'] = clientIp(req, opts.trustedHops);
  headers['x-forwarded-proto'] = clientProtocol(req, opts.trustedHops);
  // Never the client's Host: services build redirects and cookies from the public one.
  headers['x-forwarded-host'] = opts.publicHost;
  return headers;
}
