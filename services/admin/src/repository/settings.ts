import { type SettingKey, settingKeys } from '@acg/contracts';
import type { Db, Tx } from '@acg/platform';
import { eq } from 'drizzle-orm';
import { settings } from '../db/schema';
import { parseSettingValue, type RelaySettings, SETTING_DEFAULTS } from '../domain/settings';

/**
 * Values are stored wrapped, `{ "v": value }`: a bare JSON string in a jsonb column comes back
 * double-encoded through the driver, and a wrapper keeps every kind of value the same.
 */
const unwrap = (stored: unknown): unknown => (stored as { v?: unknown } | null)?.v ?? null;

export async function findSetting(db: Db | Tx, key: SettingKey) {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row ? { ...row, value: unwrap(row.value) } : null;
}

/** Every relay setting, stored values over defaults (a stored value that no longer parses is ignored). */
export async function readRelaySettings(db: Db | Tx): Promise<RelaySettings> {
  const rows = await db.select().from(settings);
  const out = { ...SETTING_DEFAULTS } as Record<SettingKey, unknown>;
  for (const row of rows) {
    if (!(settingKeys as readonly string[]).includes(row.key)) continue;
    try {
      out[row.key as SettingKey] = parseSettingValue(row.key as SettingKey, unwrap(row.value));
    } catch {
      // keep the default
    }
  }
  return out as unknown as RelaySettings;
}

export async function saveSetting(
  tx: Tx,
  key: SettingKey,
  value: unknown,
  description: string | null | undefined,
  by: number,
) {
  const now = new Date();
  // Cleared (a token or channel removed): back to the default, which for these is "none".
  if (value === null) {
    await tx.delete(settings).where(eq(settings.key, key));
    return;
  }
  await tx
    .insert(settings)
    .values({ key, value: { v: value }, description: description ?? null, updatedBy: by, updatedAt: now })
    .onConflictDoUpdate({
      target: settings.key,
      set: {
        value: { v: value },
        ...(description === undefined ? {} : { description }),
        updatedBy: by,
        updatedAt: now,
      },
    });
}
