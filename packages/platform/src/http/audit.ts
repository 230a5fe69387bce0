import { type AuditRecordInput, auditRecorded, type EventEnvelope } from '@acg/contracts';
import type { FastifyRequest } from 'fastify';
import { makeEvent } from '../bus/make-event';

/** The client's address: the gateway states it in X-Forwarded-For; else the socket's. */
export function clientIpOf(req: FastifyRequest): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.ip;
}

/**
 * Who a shared budget is counted for (issue 27: fair shares): a signed-in user by their id,
 * a visitor by their address.
 */
export function clientKeyOf(req: FastifyRequest): string {
  const userId = req.identity?.userId;
  return userId !== null && userId !== undefined ? `user:${userId}` : `ip:${clientIpOf(req)}`;
}

export type AuditFields = Omit<AuditRecordInput, 'actorId' | 'ip' | 'service'>;

/**
 * The `audit.recorded` event of a change made through a request: the actor and address come
 * from the request. Write it with `enqueue(tx, outbox, event)` in the same transaction as the
 * change (see packages/contracts/src/audit.ts).
 */
export const auditEventFor = (req: FastifyRequest, service: string, fields: AuditFields): EventEnvelope =>
  makeEvent(auditRecorded, { ...fields, actorId: req.identity.userId, ip: clientIpOf(req), service });

/** The `audit.recorded` event of a change the system made by itself (a sweep, a scheduled job). */
export const systemAuditEvent = (service: string, fields: AuditFields): EventEnvelope =>
  makeEvent(auditRecorded, { ...fields, actorId: null, ip: null, service });
