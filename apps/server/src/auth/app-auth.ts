import { DEFAULT_DEMO_PASSWORD } from '@smart-city/shared';
import { createAuth, type Auth, type AuthSettings } from './auth';
import { createBearerVerifier, createCachedKeySet } from './bearer-token';
import { createCallerResolver, type CallerResolver } from './request-auth';
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle';

/** What the HTTP app needs from accounts. */
export type AppAuth = {
  auth: Auth;
  throttle: SignInThrottle;
  resolveCaller: CallerResolver;
  /** Whether the demo accounts are on, and the password the server signs them in with. */
  demo: { enabled: boolean; password: string };
};

/** Builds better-auth, the sign-in throttle and the caller resolver over one database. */
export function createAppAuth(
  settings: AuthSettings & { now?: () => Date; demoPassword?: string },
): AppAuth {
  const auth = createAuth(settings);
  // The server checks its own tokens against its own keys, read in-process rather than over HTTP.
  const keySet = createCachedKeySet(async () => auth.api.getJwks(), {
    now: settings.now && (() => settings.now!().getTime()),
  });
  return {
    auth,
    throttle: createSignInThrottle({ db: settings.db, now: settings.now }),
    resolveCaller: createCallerResolver({
      auth,
      db: settings.db,
      verifyBearer: createBearerVerifier({ keySet }),
    }),
    demo: {
      enabled: settings.demoAccounts ?? true,
      password: settings.demoPassword ?? DEFAULT_DEMO_PASSWORD,
    },
  };
}
