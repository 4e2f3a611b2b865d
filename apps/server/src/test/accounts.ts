import type { MailMessage, MailSender } from '../auth/mailer';

/** An origin better-auth trusts; every cookie-carrying POST must name one. */
export const TEST_ORIGIN = 'http://localhost:3000';

/** Anything with Hono's in-process `request`. */
type RequestTarget = {
  request: (
    path: string,
    init?: RequestInit,
    env?: Record<string, unknown>,
  ) => Response | Promise<Response>;
};

/** The cookies a response sets, as a Cookie header (expired ones left out). */
export function cookiesFrom(res: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split('; ').filter(Boolean)) {
    const [name, ...value] = pair.split('=');
    jar.set(name!, value.join('='));
  }
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';').map((s) => s.trim());
    const [name, ...value] = pair!.split('=');
    const expired = attributes.some((a) => /^max-age=0$/i.test(a)) || value.join('=') === '';
    if (expired) jar.delete(name!);
    else jar.set(name!, value.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Bindings that make a request look as if it came through a socket from `address`. */
export function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address } } };
}

/** Posts JSON the way the web app does: with an Origin header and, when given, the session cookie. */
export async function postJson(
  app: RequestTarget,
  path: string,
  body: unknown,
  options: {
    cookie?: string;
    headers?: Record<string, string>;
    env?: Record<string, unknown>;
  } = {},
): Promise<Response> {
  return app.request(
    path,
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: TEST_ORIGIN,
        ...(options.cookie ? { Cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: JSON.stringify(body),
    },
    options.env,
  );
}

/** GET with the session cookie or a bearer token. */
export async function getWith(
  app: RequestTarget,
  path: string,
  auth: { cookie?: string; token?: string },
): Promise<Response> {
  const headers: Record<string, string> = {};
  if (auth.cookie) headers.Cookie = auth.cookie;
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  return app.request(path, { headers });
}

/** Signs in with e-mail and password; fails the test unless it works. */
export async function signIn(app: RequestTarget, email: string, password: string) {
  const res = await postJson(app, '/api/auth/sign-in/email', { email, password });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}`);
  const body = (await res.json()) as { user: { id: string; role: string } };
  return { cookie: cookiesFrom(res), user: body.user };
}

let counter = 0;

/** A fresh e-mail address, unique within the test run. */
export function uniqueEmail(prefix = 'person'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.org`;
}

/** Registers a new citizen and returns their session; fails the test unless it works. */
export async function signUp(
  app: RequestTarget,
  fields: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    department: string;
  }> = {},
) {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct-horse-battery';
  const res = await postJson(app, '/api/auth/sign-up/email', {
    firstName: 'Asha',
    lastName: 'Roy',
    ...fields,
    email,
    password,
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string; role: string } };
  return { email, password, cookie: cookiesFrom(res), user: body.user };
}

/** A mail sender that keeps what it is given. */
export function createMailbox() {
  const messages: MailMessage[] = [];
  const sender: MailSender = {
    async send(message) {
      messages.push(message);
    },
  };
  return {
    sender,
    messages,
    /**
     * The latest e-mail to `to` whose link holds `linkPart` (any link when not given), waiting a
     * little for it: e-mails are written and sent after the answer.
     */
    async latestTo(to: string, linkPart = ''): Promise<MailMessage & { link: string }> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        for (const mail of messages.toReversed()) {
          const link = mail.to === to ? mail.text.match(/https?:\/\/\S+/)?.[0] : undefined;
          if (link?.includes(linkPart)) return { ...mail, link };
        }
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} with a link to ${linkPart}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    /** The link of the latest e-mail to `to` whose link holds `linkPart`. */
    async linkTo(to: string, linkPart = ''): Promise<string> {
      return (await this.latestTo(to, linkPart)).link;
    },
  };
}
