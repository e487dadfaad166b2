/**
 * RTK Query's "basic" example (a Pokémon looked up by name) ported by following only
 * docs/migrating-from-rtk-query.md: `fetchBaseQuery({ baseUrl })` → `urlPrefix`, `build.query` →
 * a resource's `get`, `useGetPokemonByNameQuery(name)` → `useDLE(PokemonResource.get, { name })`
 * with the same `error` / `isLoading` / `data` branches.
 */
import { screen } from '@testing-library/react';
import { Entity, createResource } from 'rtk-rest';
import { useDLE } from 'rtk-rest/react';
import { json, stubFetch } from '../support';
import { renderApp, requestLog, settle, usePortEnvironment } from './support';

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

// `fetchBaseQuery({ baseUrl: 'https://pokeapi.co/api/v2/' })`, trailing slash and all.
const PokemonResource = createResource({ urlPrefix: 'https://pokeapi.co/api/v2/', path: '/pokemon/:name', schema: Pokemon });

function PokemonView({ name }: { name: string }) {
  const { data, error, isLoading } = useDLE(PokemonResource.get, { name });
  return (
    <div>
      {error ? (
        <>Oh no, there was an error</>
      ) : isLoading ? (
        <>Loading...</>
      ) : data ? (
        <>
          <h3>{data.species.name}</h3>
          <img src={data.sprites.front_shiny} alt={data.species.name} />
        </>
      ) : null}
    </div>
  );
}

// ---- the behaviour tests -----------------------------------------------------------------------

const bulbasaur = { id: 1, name: 'bulbasaur', species: { name: 'bulbasaur' }, sprites: { front_shiny: 'https://img.example/1.png' } };

usePortEnvironment();

describe('RTK Query basic example, ported: a Pokémon by name', () => {
  it('shows Loading... first, then the name and the sprite, from one request whose URL joins the prefix and the path at one slash', async () => {
    const net = stubFetch(() => json(bulbasaur));
    renderApp(<PokemonView name="bulbasaur" />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await settle();
    expect(screen.getByRole('heading').textContent).toBe('bulbasaur');
    expect((screen.getByRole('img') as HTMLImageElement).src).toBe('https://img.example/1.png');
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(requestLog(net)()).toEqual(['GET https://pokeapi.co/api/v2/pokemon/bulbasaur']);
    expect(net.calls()[0]!.url).not.toContain('v2//');
  });

  it('a failed lookup shows the error branch, not Loading...', async () => {
    stubFetch(() => json({ detail: 'Not found' }, 404));
    renderApp(<PokemonView name="missingno" />);
    await settle();
    expect(screen.getByText('Oh no, there was an error')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
