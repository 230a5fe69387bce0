import { z } from 'zod';
import { defineEvent } from './messaging';

/**
 * Audit events (requirements O2.3): every state change a moderator or administrator makes, in any
 * service, is written into that service's outbox in the same transaction as the change, as an
 * `audit.recorded` event. The admin service consumes them idempotently (by event id) into its
 * append-only log. The actor is the signed-in user of the request (the gateway's identity); the
 * admin service resolves the actor's name and Discord ID from the user events it also consumes.
 */
export const auditCategories = ['users', 'cards', 'trades', 'system', 'moderation', 'other'] as const;
export type AuditCategory = (typeof auditCategories)[number];

export const auditRecordSchema = z.object({
  /** The acting user's id; null for the system itself (a scheduled sweep, a job). */
  actorId: z.number().int().nullable(),
  /** Machine name of the action, `entity.verb` style: `user.level-changed`, `card.deleted`. */
  action: z.string().min(1).max(100),
  category: z.enum(auditCategories),
  /** One readable sentence for the log screen. */
  description: z.string().max(2000),
  /** What was changed: a kind and its id (`card`, `42`). */
  targetType: z.string().max(50).nullable().default(null),
  targetId: z.string().max(100).nullable().default(null),
  /** The state before and after the change, where it has one (kept small: the changed fields). */
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  /** The client's address as forwarded by the gateway (x-forwarded-for); null for the system. */
  ip: z.string().max(100).nullable(),
  /** The service that made the change. */
  service: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
export type AuditRecordInput = z.input<typeof auditRecordSchema>;

export const auditRecorded = defineEvent('audit.recorded', auditRecordSchema);
