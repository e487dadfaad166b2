/**
 * RTK Query's "polling" example (Pokémon cards, each with its own polling interval chosen in a
 * select) ported by following only docs/migrating-from-rtk-query.md: `useQuery(name, {
 * pollingInterval })` in a component that shows its own loading and refetching states →
 * `useDLE(endpoint, args)` for the fields and `useSubscription(endpoint, args, { pollingInterval })`
 * for the polling (the `pollingInterval` row).
 */
import { fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { Entity, createResource } from 'rtk-rest';
import { useDLE, useSubscription } from 'rtk-rest/react';
import { json, stubFetch } from '../support';
import { card, renderApp, settle, usePortEnvironment } from './support';

// ---- the port ----------------------------------------------------------------------------------

class Pokemon extends Entity {
  id = 0;
  name = '';
  sprites = { front_default: '' };
  pk() {
    return this.name;
  }
  static override key = 'Pokemon';
}

// `fetchBaseQuery({ baseUrl: 'https://pokeapi.co/api/v2/' })`, trailing slash and all.
const PokemonResource = createResource({ urlPrefix: 'https://pokeapi.co/api/v2/', path: '/pokemon/:name', schema: Pokemon });

const intervals = [
  { label: 'Off', value: 0 },
  { label: '3s', value: 3_000 },
  { label: '5s', value: 5_000 },
];

function PokemonCard({ name, initialInterval }: { name: string; initialInterval: number }) {
  const [pollingInterval, setPollingInterval] = useState(initialInterval);
  const { data, error, isLoading, isFetching } = useDLE(PokemonResource.get, { name });
  useSubscription(PokemonResource.get, { name }, { pollingInterval });
  return (
    <article aria-label={name}>
      {error ? (
        <p>Oh no, there was an error</p>
      ) : isLoading ? (
        <p>Loading...</p>
      ) : data ? (
        <>
          <h3>{data.name}</h3>
          <img src={data.sprites.front_default} alt={data.name} />
          {isFetching && <span>...refetching</span>}
        </>
      ) : null}
      <select aria-label="Polling interval" value={pollingInterval} onChange={(event) => setPollingInterval(Number(event.target.value))}>
        {intervals.map(({ label, value }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </article>
  );
}

function App() {
  return (
    <>
      <PokemonCard name="bulbasaur" initialInterval={3_000} />
      <PokemonCard name="pikachu" initialInterval={0} />
    </>
  );
}

// ---- the behaviour tests -----------------------------------------------------------------------

usePortEnvironment();

/** A server whose sprites change with every answer, so a poll shows on screen; while `down()`, it answers 500. */
function server(down: () => boolean = () => false) {
  const served: Record<string, number> = {};
  return stubFetch((url) => {
    const name = url.split('/').pop()!;
    if (down()) return json({ message: 'Internal Server Error' }, 500);
    served[name] = (served[name] ?? 0) + 1;
    return json({ id: name.length, name, sprites: { front_default: `https://img.example/${name}-${served[name]}.png` } });
  });
}

const sprite = (name: string) => (card(name).getByRole('img') as HTMLImageElement).src;
const requestsFor = (net: ReturnType<typeof stubFetch>, name: string) => net.calls().filter(({ url }) => url.endsWith(`/${name}`)).length;

describe('RTK Query polling example, ported: each card polls at its own interval', () => {
  it('shows every Pokémon after loading, one request each', async () => {
    const net = server();
    renderApp(<App />);
    expect(card('bulbasaur').getByText('Loading...')).toBeTruthy();
    await settle(100);
    expect(card('bulbasaur').getByRole('heading').textContent).toBe('bulbasaur');
    expect(card('pikachu').getByRole('heading').textContent).toBe('pikachu');
    expect(net.calls().map(({ url }) => url)).toEqual(['https://pokeapi.co/api/v2/pokemon/bulbasaur', 'https://pokeapi.co/api/v2/pokemon/pikachu']);
  });

  it('a card set to 3s refetches every 3 seconds and shows the new answer; a card set to Off does not', async () => {
    const net = server();
    renderApp(<App />);
    await settle(100);
    expect(sprite('bulbasaur')).toBe('https://img.example/bulbasaur-1.png');
    await settle(3_000);
    expect(sprite('bulbasaur')).toBe('https://img.example/bulbasaur-2.png');
    await settle(3_000);
    expect(sprite('bulbasaur')).toBe('https://img.example/bulbasaur-3.png');
    expect(requestsFor(net, 'bulbasaur')).toBe(3);
    expect(requestsFor(net, 'pikachu')).toBe(1);
    expect(sprite('pikachu')).toBe('https://img.example/pikachu-1.png');
  });

  it('choosing another interval in the select changes the rate; Off stops polling', async () => {
    const net = server();
    renderApp(<App />);
    await settle(100);
    fireEvent.change(card('pikachu').getByLabelText('Polling interval'), { target: { value: '5000' } });
    await settle(4_000);
    expect(requestsFor(net, 'pikachu')).toBe(1);
    await settle(1_100);
    expect(requestsFor(net, 'pikachu')).toBe(2);
    expect(sprite('pikachu')).toBe('https://img.example/pikachu-2.png');
    fireEvent.change(card('bulbasaur').getByLabelText('Polling interval'), { target: { value: '0' } });
    const before = requestsFor(net, 'bulbasaur');
    await settle(10_000);
    expect(requestsFor(net, 'bulbasaur')).toBe(before);
  });

  it('a poll that fails shows the error branch while the last data stays stored; the next successful poll clears the error', async () => {
    let down = false;
    const net = server(() => down);
    const { store, rest } = renderApp(<App />);
    await settle(100);
    down = true;
    await settle(3_000);
    expect(requestsFor(net, 'bulbasaur')).toBe(2);
    expect(card('bulbasaur').getByText('Oh no, there was an error')).toBeTruthy();
    expect(card('bulbasaur').queryByRole('heading')).toBeNull();
    const during = rest.selectResponse(store.getState(), PokemonResource.get, { name: 'bulbasaur' });
    expect(during.status).toBe('rejected');
    expect(during.error?.status).toBe(500);
    expect(during.data?.sprites.front_default).toBe('https://img.example/bulbasaur-1.png');
    expect(card('pikachu').getByRole('heading').textContent).toBe('pikachu');
    down = false;
    await settle(3_000);
    expect(requestsFor(net, 'bulbasaur')).toBe(3);
    expect(card('bulbasaur').queryByText('Oh no, there was an error')).toBeNull();
    expect(sprite('bulbasaur')).toBe('https://img.example/bulbasaur-2.png');
    expect(rest.selectResponse(store.getState(), PokemonResource.get, { name: 'bulbasaur' }).error).toBeUndefined();
  });
});
