import type { Context } from 'hono';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/** An IPv4 client on a dual-stack socket shows up as ::ffff:a.b.c.d. */
function plain(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * The client's address: the peer of the connection (from @hono/node-server's bindings), or, behind
 * `trustProxyHops` proxies, the address the nearest of them saw, read that far from the end of
 * X-Forwarded-For (each proxy appends the address it saw; anything before is the client's own
 * claim). Without trusted proxies the header is ignored: any client can write one. Null when the
 * request did not come through a socket (in-process calls) and no trusted header names one.
 */
export function clientAddress(c: Context, trustProxyHops = 0): string | null {
  if (trustProxyHops > 0) {
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const seen = forwarded[Math.max(0, forwarded.length - trustProxyHops)];
    if (seen) return plain(seen);
  }
  const address = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  return address ? plain(address) : null;
}
