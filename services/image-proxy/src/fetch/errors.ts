import { t } from '@acg/i18n/server';
import { AppError, type ServerText, text } from '@acg/platform';

/**
 * Why the proxy did not fetch or pass on an image. Each refusal has its own code; `reason` in
 * the details says which rule refused it (the SSRF test catalogue checks it).
 */
export class ImageFetchError extends AppError {
  constructor(
    status: number,
    code: string,
    message: string | ServerText,
    reason: string,
    extra: object = {},
  ) {
    super(status, code, message, { reason, ...extra });
  }
  get reason(): string {
    return (this.details as { reason: string }).reason;
  }
}

/** The URL itself is not one the proxy fetches (scheme, credentials, port, malformed): 400. */
export const badUrl = (reason: string, message: ServerText) =>
  new ImageFetchError(400, 'validation_failed', message, reason);

/** The destination is not a public address (by its spelling, its DNS answer or a redirect): 403. */
export const forbiddenDestination = (reason: string) =>
  new ImageFetchError(403, 'forbidden_destination', text('imageProxy.forbiddenDestination'), reason);

/**
 * The answer is not a raster image, by its declared type or its bytes (requirements O8): 415. Its
 * message is said in the caller's language; `details.message` is always the spec's Russian name
 * of the condition (`server.imageProxy.notAnImage`).
 */
export class NotAnImageError extends ImageFetchError {
  constructor(reason: string) {
    super(415, 'not_an_image', text('imageProxy.notAnImage'), reason, {
      message: t('ru', 'imageProxy.notAnImage'),
    });
  }
}

/** Bytes or pixels over the caps: 422. */
export const tooLarge = (reason: string, message: ServerText) =>
  new ImageFetchError(422, 'image_too_large', message, reason);

export const tooManyRedirects = () =>
  new ImageFetchError(422, 'too_many_redirects', text('imageProxy.tooManyRedirects'), 'redirects');

/** The upstream answered 404 or 410. */
export const upstreamNotFound = (status: number) =>
  new ImageFetchError(404, 'not_found', text('imageProxy.imageNotFound'), 'upstream_status', { status });

/** Any other non-2xx, or no answer at all: 502. */
export const upstreamFailed = (reason: string, extra: object = {}) =>
  new ImageFetchError(502, 'upstream_failed', text('imageProxy.fetchFailed'), reason, extra);

export const upstreamTimeout = (reason: 'connect_timeout' | 'timeout') =>
  new ImageFetchError(504, 'upstream_timeout', text('imageProxy.fetchTimeout'), reason);
