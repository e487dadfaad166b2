/**
 * The session: the access token lives in this module (never in the Redux store) and in
 * localStorage so a reload keeps you logged in; the store only knows who is logged in.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export interface SessionUser {
  id: number;
  username: string;
  displayName: string;
}

const STORAGE_KEY = 'rtk-rest-example-session';
let token: string | undefined;

interface Saved {
  accessToken: string;
  user: SessionUser;
}

function load(): Saved | undefined {
  try {
    const saved = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Saved | null;
    if (saved && typeof saved.accessToken === 'string') {
      token = saved.accessToken;
      return saved;
    }
  } catch {
    /* a broken entry is as good as none */
  }
  return undefined;
}

export const accessToken = () => token;

export function saveSession(saved: Saved): void {
  token = saved.accessToken;
  globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(saved));
}

export function clearSession(): void {
  token = undefined;
  globalThis.localStorage?.removeItem(STORAGE_KEY);
}

export const session = createSlice({
  name: 'session',
  initialState: { user: load()?.user ?? null, notice: null } as { user: SessionUser | null; notice: string | null },
  reducers: {
    loggedIn(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.notice = null;
    },
    loggedOut(state, action: PayloadAction<{ notice?: string }>) {
      state.user = null;
      state.notice = action.payload.notice ?? null;
    },
  },
});

export const { loggedIn, loggedOut } = session.actions;
