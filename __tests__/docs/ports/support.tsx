/**
 * The harness every port of an RTK Query example shares: the fake clock and the real `fetch`
 * back after each test, time that passes inside `act`, the app rendered under a store, and the
 * readers of what the screen and the stub server show. Each port keeps its own server and app.
 */
import { act, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Store } from '@reduxjs/toolkit';
import { restoreFetchAfterEach, setup, useFakeClock } from '../support';
import type { stubFetch } from '../support';

/** The real `fetch` back after each test of the calling file, and the fake clock at 1,000,000 ms. */
export function usePortEnvironment(): void {
  restoreFetchAfterEach();
  useFakeClock(1_000_000);
}

/** Lets `ms` of fake time pass inside `act`: answers arrive and their renders commit. */
export async function settle(ms = 100): Promise<void> {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

/** Renders `ui` under a react-redux Provider of `store`, and returns the store. */
export function renderWith<S extends Store>(store: S, ui: ReactNode): S {
  render(<Provider store={store}>{ui}</Provider>);
  return store;
}

/** Renders `ui` under a fresh rtk-rest instance's store; returns the instance and its store. */
export function renderApp(ui: ReactNode) {
  const made = setup();
  renderWith(made.store, ui);
  return made;
}

/** The text of each list item on screen, or only of the list named `list`. */
export function listItems(list?: string): (string | null)[] {
  return (list === undefined ? screen : within(screen.getByRole('list', { name: list }))).getAllByRole('listitem').map((item) => item.textContent);
}

/** The queries of the article named `name` (one card of the app). */
export const card = (name: string) => within(screen.getByRole('article', { name }));

type Net = ReturnType<typeof stubFetch>;
type Call = ReturnType<Net['calls']>[number];

/** The requests the stub server got so far, each shown as `show` writes it (`GET /posts` by default). */
export const requestLog =
  (net: Net, show: (call: Call) => string = ({ method, url }) => `${method} ${url}`) =>
  (): string[] =>
    net.calls().map(show);
