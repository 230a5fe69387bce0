import { ConflictError, text, ValidationError } from '@acg/platform';

/**
 * A PostgreSQL constraint failure as the AppError the caller should see: a duplicate (unique
 * violation, 23505) is a 409, a reference to a missing row (foreign key, 23503) or a failed
 * check (23514, e.g. a season ending before it starts) a 400. Drizzle
 * wraps the driver's error, so its cause is looked at too. Anything else is returned as is.
 */
export function asConstraintError(err: unknown): unknown {
  const pg = [err, (err as { cause?: unknown })?.cause].find(
    (e): e is { code: string; constraint?: string } =>
      typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string',
  );
  if (pg?.code === '23505')
    return new ConflictError(text('catalogue.alreadyExists'), { constraint: pg.constraint });
  if (pg?.code === '23514')
    return new ValidationError(text('catalogue.invalidValue'), { constraint: pg.constraint });
  if (pg?.code === '23503')
    return new ValidationError(text('catalogue.missingReference'), { constraint: pg.constraint });
  return err;
}
