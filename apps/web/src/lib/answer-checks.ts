// Hand-written checks of the few answers the public pages read. The contract's zod schemas check
// them as strictly, but zod is a download of its own that a first visit should not wait for; the
// signed-in screens, which load it anyway, keep using the schemas.

/** The shape `apiGet` checks an answer against: zod's schemas and the guards below alike. */
export interface AnswerCheck<T> {
  parse(data: unknown): T;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whether a field is a string, or (when `optional`) null or absent. */
export function isStringField(value: unknown, optional = false): boolean {
  return typeof value === 'string' || (optional && (value === null || value === undefined));
}

/** An answer check from a type guard; `what` names the answer in the error of a mismatch. */
export function answerCheck<T>(what: string, guard: (data: unknown) => data is T): AnswerCheck<T> {
  return {
    parse(data) {
      if (!guard(data)) throw new TypeError(`The server's answer is not ${what}`);
      return data;
    },
  };
}
