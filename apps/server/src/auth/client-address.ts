import type { Context } from 'hono';

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The address of the peer that opened the connection, from @hono/node-server's bindings; null when
 * the request did not come through a socket (in-process calls). Forwarded-for headers are not
 * trusted: any client can write them.
 */
export function clientAddress(c: Context): string | null {
  const address = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
  if (!address) return null;
  // An IPv4 client on a dual-stack socket shows up as ::ffff:a.b.c.d.
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
