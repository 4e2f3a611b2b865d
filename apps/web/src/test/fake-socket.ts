import type { ServerToClientEvents } from '@smart-city/shared';

type Listener = (...args: never[]) => void;

/** What the client sent: event name, payload, and the acknowledgement callback if any. */
export interface SentMessage {
  event: string;
  payload: unknown;
}

/**
 * A stand-in for a socket.io-client Socket: the test plays the server (connect, refuse, drop, send
 * events) and reads what the client emitted. Acknowledgements answer `{ ok: true }` at once.
 */
export class FakeSocket {
  connected = false;
  active = false;
  id: string | undefined = undefined;
  readonly sent: SentMessage[] = [];
  connectCalls = 0;
  disconnectCalls = 0;
  private listeners = new Map<string, Set<Listener>>();
  private anyListeners = new Set<(event: string, ...args: unknown[]) => void>();
  private connections = 0;

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  /** Every message from the server, whatever its name, as socket.io's `onAny`. */
  onAny(listener: (event: string, ...args: unknown[]) => void) {
    this.anyListeners.add(listener);
    return this;
  }

  offAny() {
    this.anyListeners.clear();
    return this;
  }

  emit(event: string, payload: unknown, ack?: (result: { ok: boolean }) => void) {
    this.sent.push({ event, payload });
    ack?.({ ok: true });
    return this;
  }

  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect() {
    this.disconnectCalls += 1;
    this.active = false;
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** How many catch-all listeners the client has on this socket. */
  anyListenerCount(): number {
    return this.anyListeners.size;
  }

  /** The server accepts the (re)connection; each one gets a new id, as in socket.io. */
  acceptConnection() {
    this.connections += 1;
    this.id = `socket-${this.connections}`;
    this.connected = true;
    this.fire('connect');
  }

  /** The transport drops; socket.io keeps trying to reconnect. */
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** The server closes the socket (as it does when it shuts down); socket.io does not retry. */
  serverCloses() {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io server disconnect');
  }

  /** A connection attempt fails; `refused` is the server's middleware saying no (no retries). */
  failAttempt(message: string, refused = false) {
    if (refused) this.active = false;
    this.fire('connect_error', new Error(message));
  }

  /** The server sends an event to this client. */
  serverSends<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ) {
    this.serverSendsRaw(event, ...args);
  }

  /** Any message, well-formed or not, as a broken or newer server might send it. */
  serverSendsRaw(event: string, ...args: unknown[]) {
    this.fire(event, ...args);
    for (const listener of [...this.anyListeners]) listener(event, ...args);
  }

  sentEvents(event: string): unknown[] {
    return this.sent.filter((message) => message.event === event).map((m) => m.payload);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      (listener as (...values: unknown[]) => void)(...args);
    }
  }
}
