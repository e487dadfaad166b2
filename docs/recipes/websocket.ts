// #region recipe
import { Entity, RestEndpoint, schema } from 'rtk-rest';
import type { StreamContext } from 'rtk-rest';

export class Message extends Entity {
  id = 0;
  room = '';
  author = '';
  text = '';
  pk() {
    return this.id;
  }
  static override key = 'Message';
}

/** What the chat server sends: the room's latest messages on every (re)connect, then each change. */
type ServerFrame = { type: 'snapshot'; messages: Message[] } | { type: 'posted' | 'edited'; message: Message };

const roomMessages = new schema.Collection([Message]);

// GET /rooms/:room/messages answers the latest messages; the socket keeps them up to date.
// The stream runs while someone subscribes (useLive, useSubscription, rest.subscribe).
export const getMessages = new RestEndpoint({
  urlPrefix: 'https://chat.example.com',
  path: '/rooms/:room/messages',
  schema: roomMessages,
  stream({ args: [{ room }], signal, setResponse, set }: StreamContext<[{ room: string }]>) {
    keepSocketOpen<ServerFrame>('wss://chat.example.com/live', signal, {
      // Each connection says which room it wants; the server answers with a snapshot.
      open: (socket) => socket.send(JSON.stringify({ type: 'join', room })),
      message(frame) {
        // The snapshot is the key's whole response, as if GET /rooms/:room/messages had answered.
        if (frame.type === 'snapshot') setResponse(frame.messages);
        // A new message goes at the end of the room's list, once: a list never holds a pk twice.
        else if (frame.type === 'posted') set(roomMessages.push, { room }, frame.message);
        // An edit changes the entity: every list and component that shows it updates.
        else set(Message, { id: frame.message.id }, frame.message);
      },
    });
  },
});

export interface SocketHandlers<T> {
  /** The connection is open (again): say what you want from it. */
  open?(socket: WebSocket): void;
  /** A frame arrived, parsed from JSON. */
  message(frame: T): void;
}

/**
 * Keeps a WebSocket open until `signal` aborts. When the connection drops (or does not open),
 * it tries again after 1 s, 2 s, 4 s … up to 30 s, each wait shortened by a random part of up to
 * a half, so that the clients of a restarted server do not all come back at once. A connection
 * that opens starts the waits again from 1 s.
 */
export function keepSocketOpen<T>(url: string, signal: AbortSignal, handlers: SocketHandlers<T>, backoff = { firstMs: 1_000, maxMs: 30_000 }): void {
  let socket: WebSocket | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const connect = () => {
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('open', () => {
      failures = 0;
      handlers.open?.(current);
    });
    current.addEventListener('message', (event) => handlers.message(JSON.parse(String(event.data)) as T));
    // Every drop ends with 'close' (an 'error' too): the one place to plan the next try.
    current.addEventListener('close', () => {
      if (signal.aborted) return;
      const wait = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures++);
      retry = setTimeout(connect, wait * (0.5 + Math.random() / 2));
    });
  };
  // The last subscriber left (or the store was reset): no more tries, and close the socket.
  signal.addEventListener('abort', () => {
    clearTimeout(retry);
    socket?.close();
  });
  connect();
}
// #endregion recipe
