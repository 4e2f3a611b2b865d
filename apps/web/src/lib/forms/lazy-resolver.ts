import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose checks download the first time the form is checked (on submit, or a field
 * left after a change), so a page with a form opens without the schema library. The download takes
 * a moment once; every check after that is as quick as a resolver given directly.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      // A failed download is tried again at the next check rather than failing every check after.
      loading = null;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
