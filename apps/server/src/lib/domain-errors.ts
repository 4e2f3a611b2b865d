/**
 * What a service says when it refuses a request: the record is not there, the caller may not do
 * this to it, it clashes with what is stored, a value breaks a rule the request's schema cannot
 * state, or it is too busy to take more now. Services throw these and know nothing of HTTP; the
 * HTTP layer maps each kind to its status and the API's one error shape in one place
 * (`http/errors.ts`), the live gateway to its own answers.
 */
export abstract class DomainError extends Error {
  abstract readonly kind:
    'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'busy' | 'too-large' | 'unsupported-type';

  constructor(
    message: string,
    /** What the caller can act on: the failing fields, the record it clashed with. */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A value breaks a rule of the domain (a time in the past, a rule that repeats another). */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
}

/** The caller may not do this to this record (not theirs, not their city). */
export class Forbidden extends DomainError {
  readonly kind = 'forbidden';
}

/** No such record, or none the caller may know of. */
export class NotFound extends DomainError {
  readonly kind = 'not-found';
}

/** The request clashes with what is stored (already done, changed meanwhile, a name taken). */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
}

/** The content is bigger than the service takes: too many bytes, or too many pixels once decoded. */
export class TooLarge extends DomainError {
  readonly kind = 'too-large';
}

/** The content is of a kind the service does not take (a GIF where photos are JPEG, PNG or WebP). */
export class UnsupportedType extends DomainError {
  readonly kind = 'unsupported-type';
}

/** Nothing was done because the service is at its bound; the same request may succeed later. */
export class Busy extends DomainError {
  readonly kind = 'busy';

  constructor(
    message: string,
    /** How long to wait before trying again. */
    readonly retryAfterS: number,
  ) {
    super(message);
  }
}
