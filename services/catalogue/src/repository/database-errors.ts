import { ConflictError, text, ValidationError } from '@acg/platform';

/**
 * A PostgreSQL constraint failure as the AppError the caller should see: a duplicate (unique
 * violation, 23505) is a 409, a reference to a missing row (foreign key, 23503) or a failed
 * check (23514, e.g. a season ending before it starts) a 400. Drizzle
 * wraps the driver's error, so its cause is looked at too. Anything else is returned as is.
 */
/** The request field a missing reference was given in (the form shows the refusal under it). */
const REFERENCE_FIELDS: Readonly<Record<string, string>> = {
  anime_franchise_id_franchises_id_fk: 'franchise_id',
  cards_character_id_characters_id_fk: 'character_id',
  cards_rank_id_ranks_id_fk: 'rank_id',
  cards_season_id_seasons_id_fk: 'season_id',
};

export function asConstraintError(err: unknown): unknown {
  const pg = [err, (err as { cause?: unknown })?.cause].find(
    (e): e is { code: string; constraint?: string } =>
      typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string',
  );
  if (pg?.code === '23505')
    return new ConflictError(text('catalogue.alreadyExists'), { constraint: pg.constraint });
  if (pg?.code === '23514')
    return new ValidationError(text('catalogue.invalidValue'), { constraint: pg.constraint });
  if (pg?.code === '23503') {
    const field = pg.constraint ? REFERENCE_FIELDS[pg.constraint] : undefined;
    return new ValidationError(text('catalogue.missingReference'), {
      constraint: pg.constraint,
      ...(field ? { field } : {}),
    });
  }
  return err;
}
