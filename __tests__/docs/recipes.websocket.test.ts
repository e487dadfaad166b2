/**
 * docs/recipes/websocket.md: the chat room kept live over a WebSocket, against a real
 * store with RTK's default checks and a fake WebSocket (Node 20 has none); time is Jest's fake clock.
 */
import * as websocket from '../../docs/recipes/websocket';
import { logicalSlice, setup } from './support';

const { getMessages, Message } = websocket;
const URL = 'wss://chat.example.com/live';

/** A fake WebSocket: records what is sent; the test opens it, delivers frames and drops it. */
class FakeWebSocket {
  static opened: FakeWebSocket[] = [];
  readonly listeners = new Map<string, Set<(event: { data?: string }) => void>>();
  readonly sent: unknown[] = [];
  readyState = 0;
  closedByClient = false;
  constructor(readonly url: string) {
    FakeWebSocket.opened.push(this);
  }
  addEventListener(type: string, listener: (event: { data?: string }) => void): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError: send before open');
    this.sent.push(JSON.parse(data));
  }
  /** What a browser does on `close()`: the socket closes and says so. */
  close(): void {
    this.closedByClient = true;
    this.end();
  }
  open(): void {
    this.readyState = 1;
    this.emit('open', {});
  }
  receive(frame: unknown): void {
    if (this.readyState === 1) this.emit('message', { data: JSON.stringify(frame) });
  }
  /** The connection drops (or never opens): an error, then a close, as browsers report it. */
  drop(): void {
    this.emit('error', {});
    this.end();
  }
  private end(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit('close', {});
  }
  private emit(type: string, event: { data?: string }): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const latest = () => FakeWebSocket.opened[FakeWebSocket.opened.length - 1]!;
const general = { room: 'general' };
const hello = { id: 1, room: 'general', author: 'ada', text: 'Hello' };
const hi = { id: 2, room: 'general', author: 'grace', text: 'Hi' };

const original = (globalThis as { WebSocket?: unknown }).WebSocket;
beforeEach(() => {
  jest.useFakeTimers();
  FakeWebSocket.opened = [];
  (globalThis as { WebSocket?: unknown }).WebSocket = FakeWebSocket;
});
afterEach(() => {
  jest.useRealTimers();
  (globalThis as { WebSocket?: unknown }).WebSocket = original;
});

describe('recipe websocket (a WebSocket through stream(...))', () => {
  it('the first subscriber opens one socket, which joins the room once open; the last one leaving closes it', () => {
    const { rest, store } = setup();
    const first = store.dispatch(rest.subscribe(getMessages, general));
    const second = store.dispatch(rest.subscribe(getMessages, general));
    expect(FakeWebSocket.opened.map((socket) => socket.url)).toEqual([URL]);
    const socket = latest();
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'join', room: 'general' }]);
    // Another room is another key: its own socket.
    const other = store.dispatch(rest.subscribe(getMessages, { room: 'random' }));
    expect(FakeWebSocket.opened).toHaveLength(2);
    first();
    expect(socket.closedByClient).toBe(false);
    second();
    expect(socket.closedByClient).toBe(true);
    other();
    expect(latest().closedByClient).toBe(true);
    // Closed on purpose: no reconnect is planned.
    expect(jest.getTimerCount()).toBe(0);
  });

  it('a snapshot is the key’s response (setResponse); a posted message is appended once (set on push); an edit updates the entity (set)', () => {
    const { rest, store, actions } = setup();
    const unsubscribe = store.dispatch(rest.subscribe(getMessages, general));
    latest().open();
    latest().receive({ type: 'snapshot', messages: [hello] });
    const read = () => rest.selectData(store.getState(), getMessages, general);
    expect(read()).toHaveLength(1);
    expect(read()![0]).toBeInstanceOf(Message);
    expect(rest.selectResponse(store.getState(), getMessages, general)).toMatchObject({ status: 'fulfilled' });
    latest().receive({ type: 'posted', message: hi });
    latest().receive({ type: 'posted', message: hi });
    expect(read()!.map((message) => message.text)).toEqual(['Hello', 'Hi']);
    latest().receive({ type: 'edited', message: { ...hello, text: 'Hello, all' } });
    expect(read()!.map((message) => message.text)).toEqual(['Hello, all', 'Hi']);
    expect(rest.selectQuery(store.getState(), Message, 1)?.text).toBe('Hello, all');
    // Plain JSON in the slice; every write was an ordinary action.
    expect(logicalSlice(rest, store.getState()).entities.Message).toEqual({ 1: { ...hello, text: 'Hello, all' }, 2: hi });
    for (const action of actions) expect(JSON.parse(JSON.stringify(action))).toEqual(action);
    unsubscribe();
    const written = actions.length;
    latest().receive({ type: 'posted', message: { ...hi, id: 3 } });
    expect(actions).toHaveLength(written);
  });

  it('a dropped connection comes back after 1 s, 2 s, 4 s … (at least half of each, with jitter), capped at 30 s; an open connection starts again from 1 s', () => {
    const { rest, store } = setup();
    const unsubscribe = store.dispatch(rest.subscribe(getMessages, general));
    latest().open();
    /** Drops the current socket and checks that the next one comes after at least half of `waitMs`, and by `waitMs`. */
    const dropAndExpectRetry = (waitMs: number) => {
      const count = FakeWebSocket.opened.length;
      latest().drop();
      jest.advanceTimersByTime(waitMs / 2 - 1);
      expect(FakeWebSocket.opened).toHaveLength(count);
      jest.advanceTimersByTime(waitMs / 2 + 1);
      expect(FakeWebSocket.opened).toHaveLength(count + 1);
      expect(latest().url).toBe(URL);
    };
    for (const waitMs of [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]) dropAndExpectRetry(waitMs);
    // The new connection opens: it joins again (and the server sends a fresh snapshot); the waits start over.
    latest().open();
    expect(latest().sent).toEqual([{ type: 'join', room: 'general' }]);
    latest().receive({ type: 'snapshot', messages: [hello, hi] });
    expect(rest.selectData(store.getState(), getMessages, general)).toHaveLength(2);
    dropAndExpectRetry(1_000);
    // The last subscriber leaves while a reconnect waits: the wait is cancelled, no timer is left.
    latest().drop();
    expect(jest.getTimerCount()).toBe(1);
    unsubscribe();
    expect(jest.getTimerCount()).toBe(0);
    const count = FakeWebSocket.opened.length;
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.opened).toHaveLength(count);
  });

  it('a reset closes the socket and opens a new one for the key still subscribed', () => {
    const { rest, store } = setup();
    const unsubscribe = store.dispatch(rest.subscribe(getMessages, general));
    const before = latest();
    store.dispatch(rest.resetEntireStore());
    expect(before.closedByClient).toBe(true);
    expect(FakeWebSocket.opened).toHaveLength(2);
    expect(jest.getTimerCount()).toBe(0);
    unsubscribe();
    expect(latest().closedByClient).toBe(true);
  });
});
