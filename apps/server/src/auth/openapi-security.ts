import type { OpenAPIHono } from '@hono/zod-openapi';

/** The OpenAPI `security` of an endpoint that needs a signed-in caller: session cookie or bearer JWT. */
export const SIGNED_IN_SECURITY: Record<string, string[]>[] = [
  { sessionCookie: [] },
  { bearerToken: [] },
];

/** Declares the two ways to sign a request in the OpenAPI document. */
export function registerSecuritySchemes(app: OpenAPIHono) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    // `__Secure-` is prepended when PUBLIC_URL is https.
    name: 'smart-city.session_token',
    description: 'The session cookie set by POST /api/auth/sign-in/email.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An EdDSA JWT from GET /api/auth/token, checked against /.well-known/jwks.json.',
  });
}
