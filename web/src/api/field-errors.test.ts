import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './field-errors';
import { HttpError } from './http';

describe('serverFieldErrors', () => {
  it('reads a worded refusal of one field with its text', () => {
    const err = new HttpError(409, {
      error: 'Shikimori ID 5 уже используется: Naruto',
      code: 'conflict',
      details: { field: 'shikimoriId' },
    });
    expect([...(serverFieldErrors(err) ?? [])]).toEqual([
      ['shikimoriId', 'Shikimori ID 5 уже используется: Naruto'],
    ]);
  });

  it("reads a schema refusal's issue paths as body keys, without the schema's English", () => {
    const err = new HttpError(400, {
      error: 'Invalid request: imageUrl, cards',
      code: 'validation_failed',
      details: {
        issues: [
          { path: 'body/imageUrl', message: 'Invalid string' },
          { path: '/body/cards/0/rank_id', message: 'Expected number' },
          { path: 'body/imageUrl', message: 'Too long' },
        ],
      },
    });
    expect([...(serverFieldErrors(err) ?? [])]).toEqual([
      ['imageUrl', null],
      ['cards', null],
    ]);
  });

  it('is null for anything else', () => {
    expect(serverFieldErrors(new HttpError(400, { error: 'Bad', code: 'bad_request' }))).toBeNull();
    expect(serverFieldErrors(new HttpError(503, { error: 'x', details: { field: 'a' } }))).toBeNull();
    expect(serverFieldErrors(new Error('x'))).toBeNull();
  });
});
