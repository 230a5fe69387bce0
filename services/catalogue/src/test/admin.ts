import { type AuditRecord, auditRecordSchema, IDENTITY_HEADER, inventoryCardHolders } from '@acg/contracts';
import { signIdentity } from '@acg/platform';
import { type CatalogueHarness, SECRET, startCatalogue } from './harness';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the tests
  body: any;
  headers: Record<string, unknown>;
}
type Call = (method: string, url: string, body?: unknown) => Promise<Answer>;

/**
 * The catalogue with its demo data, driven as the admin screens drive it through the gateway:
 * `en` and `ru` are an administrator (level 3) in English and in Russian, `as(level)` any
 * level. Inventory's card-holders RPC is served from `held` (card id → players holding it).
 */
export interface AdminCatalogue {
  h: CatalogueHarness;
  en: Call;
  ru: Call;
  as(adminLevel: number, language?: string): Call;
  held: Map<number, number>;
  /** The audit records the catalogue wrote (into its outbox) with an action. */
  audits(action: string): Promise<AuditRecord[]>;
  close(): Promise<void>;
}

export async function startAdminCatalogue(): Promise<AdminCatalogue> {
  const h = await startCatalogue();
  const held = new Map<number, number>();
  const served = h.bus.serve(inventoryCardHolders, async ({ cardIds }) => ({
    holders: cardIds.flatMap((cardId) => {
      const players = held.get(cardId) ?? 0;
      return players > 0 ? [{ cardId, players }] : [];
    }),
  }));
  const as =
    (adminLevel: number, language = 'en'): Call =>
    async (method, url, body) => {
      const res = await h.service.app.inject({
        method: method as 'GET',
        url,
        headers: {
          [IDENTITY_HEADER]: signIdentity({ userId: 1, adminLevel, language }, SECRET, 600),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
    };
  return {
    h,
    en: as(3, 'en'),
    ru: as(3, 'ru'),
    as,
    held,
    async audits(action) {
      return (await h.outboxEvents('audit.recorded'))
        .map((e) => auditRecordSchema.parse(e.data))
        .filter((r) => r.action === action);
    },
    async close() {
      await served.stop();
      await h.close();
    },
  };
}
