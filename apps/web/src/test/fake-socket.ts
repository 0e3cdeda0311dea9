import { vi } from 'vitest';

type Handler = (...args: unknown[]) => void;

/** Events Socket.IO reserves: `onAny` listeners never see them (as in socket.io-client). */
const RESERVED = new Set(['connect', 'connect_error', 'disconnect']);

/**
 * A stand-in for socket.io-client's Socket in web tests (setup.ts mocks the module with this one): records what
 * the app sends and lets a test play the server with `serverEmit`.
 */
export class FakeSocket {
  readonly options: Record<string, unknown>;
  connected = false;
  readonly emitted: unknown[][] = [];
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly anyHandlers = new Set<Handler>();

  constructor(options: Record<string, unknown>) {
    this.options = options;
  }

  on(event: string, handler: Handler): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  onAny(handler: Handler): this {
    this.anyHandlers.add(handler);
    return this;
  }

  offAny(): this {
    this.anyHandlers.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push([event, ...args]);
    return this;
  }

  connect(): this {
    this.connected = true;
    this.fire('connect');
    return this;
  }

  disconnect(): this {
    if (this.connected) {
      this.connected = false;
      this.fire('disconnect', 'io client disconnect');
    }
    return this;
  }

  /** The server sends `event` to this socket. */
  serverEmit(event: string, ...args: unknown[]): void {
    this.fire(event, ...args);
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
    if (!RESERVED.has(event)) for (const handler of this.anyHandlers) handler(event, ...args);
  }
}

/** Every socket made since the last test, newest last. */
export const fakeSockets: FakeSocket[] = [];

export const io = vi.fn((options: Record<string, unknown>) => {
  const socket = new FakeSocket(options);
  fakeSockets.push(socket);
  return socket;
});

/** The socket the app is using now (the newest one), failing the test if there is none yet. */
export function currentSocket(): FakeSocket {
  const socket = fakeSockets.at(-1);
  if (!socket) throw new Error('The app has not opened a socket');
  return socket;
}
