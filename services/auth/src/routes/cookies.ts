import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSettings } from '../domain/cookies';

export const readCookie = (req: FastifyRequest, cookie: CookieSettings): string | undefined =>
  req.cookies[cookie.name] || undefined;

export const writeCookie = (reply: FastifyReply, cookie: CookieSettings, value: string) =>
  reply.setCookie(cookie.name, value, cookie.options);

/** Browsers drop a cookie only when the clearing one has the same name, path and Secure flag. */
export const clearCookie = (reply: FastifyReply, cookie: CookieSettings) => {
  const { maxAge: _, ...options } = cookie.options;
  return reply.clearCookie(cookie.name, options);
};

/**
 * Sec-Fetch-Site is set by the browser and cannot be forged by a page's script: anything but a
 * same-origin request (or one the user started, `none`) did not come from our own pages.
 */
export const isCrossSite = (req: FastifyRequest): boolean => {
  const site = req.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
};
