/**
 * RTK Query's "conditional fetching" example (Pokémon cards that fetch only once their "Toggle
 * Skip" button is pressed) ported by following only docs/migrating-from-rtk-query.md:
 * `useQuery(name, { skip })` → `useDLE(endpoint, skip ? null : { name })`, `isUninitialized` →
 * `status === 'uninitialized'`.
 */
import { fireEvent } from '@testing-library/react';
import { useState } from 'react';
import { Entity, createResource } from 'rtk-rest';
import { useDLE } from 'rtk-rest/react';
import { json, stubFetch } from '../support';
import { card, renderApp, settle, usePortEnvironment } from './support';

// ---- the port ----------------------------------------------------------------------------------

class Pokemon extends Entity {
  id = 0;
  name = '';
  species = { name: '' };
  sprites = { front_shiny: '' };
  pk() {
    return this.name;
  }
  static override key = 'Pokemon';
}

const PokemonResource = createResource({ urlPrefix: 'https://pokeapi.co/api/v2', path: '/pokemon/:name', schema: Pokemon });

function PokemonCard({ name }: { name: string }) {
  const [skip, setSkip] = useState(true);
  const { data, error, isLoading, status } = useDLE(PokemonResource.get, skip ? null : { name });
  const toggle = <button onClick={() => setSkip((prev) => !prev)}>Toggle Skip ({String(skip)})</button>;
  return (
    <article aria-label={name}>
      {error ? (
        <>Oh no, there was an error</>
      ) : status === 'uninitialized' ? (
        <div>
          {name} - Currently skipped - {toggle}
        </div>
      ) : isLoading ? (
        <>loading...</>
      ) : data ? (
        <>
          <h3>{data.species.name}</h3>
          <img src={data.sprites.front_shiny} alt={data.species.name} />
          {toggle}
        </>
      ) : null}
    </article>
  );
}

function App() {
  return (
    <>
      <PokemonCard name="bulbasaur" />
      <PokemonCard name="pikachu" />
    </>
  );
}

// ---- the behaviour tests -----------------------------------------------------------------------

usePortEnvironment();

function server() {
  return stubFetch((url) => {
    const name = url.split('/').pop()!;
    return json({ id: name.length, name, species: { name }, sprites: { front_shiny: `https://img.example/${name}.png` } });
  });
}

describe('RTK Query conditional fetching example, ported: skip until asked', () => {
  it('sends nothing while every card is skipped', async () => {
    const net = server();
    renderApp(<App />);
    await settle(10_000);
    expect(card('bulbasaur').getByText(/Currently skipped/)).toBeTruthy();
    expect(card('pikachu').getByText(/Currently skipped/)).toBeTruthy();
    expect(net.calls()).toHaveLength(0);
  });

  it('toggling skip off loads that card only: loading..., then the Pokémon', async () => {
    const net = server();
    renderApp(<App />);
    fireEvent.click(card('pikachu').getByText('Toggle Skip (true)'));
    expect(card('pikachu').getByText('loading...')).toBeTruthy();
    await settle();
    expect(card('pikachu').getByRole('heading').textContent).toBe('pikachu');
    expect(card('pikachu').getByText('Toggle Skip (false)')).toBeTruthy();
    expect(card('bulbasaur').getByText(/Currently skipped/)).toBeTruthy();
    expect(net.calls().map(({ url }) => url)).toEqual(['https://pokeapi.co/api/v2/pokemon/pikachu']);
  });

  it('toggling skip back on shows the card as skipped again, without a request', async () => {
    const net = server();
    renderApp(<App />);
    fireEvent.click(card('bulbasaur').getByText('Toggle Skip (true)'));
    await settle();
    fireEvent.click(card('bulbasaur').getByText('Toggle Skip (false)'));
    await settle();
    expect(card('bulbasaur').getByText(/Currently skipped/)).toBeTruthy();
    expect(card('bulbasaur').queryByRole('heading')).toBeNull();
    expect(net.calls()).toHaveLength(1);
  });
});
