// #region recipe
import { createContext, useContext } from 'react';
import { Entity, createResource, hookifyResource } from 'rtk-rest';
import { useController, useSuspense } from 'rtk-rest/react';

// Filled by your auth provider: <TokenContext.Provider value={token}>…</TokenContext.Provider>
export const TokenContext = createContext<string | undefined>(undefined);

export class Post extends Entity {
  id = 0;
  title = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Post';
}

export const PostResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/:group/posts/:id',
  schema: Post,
});

// useGet, useGetList, useUpdate, usePartialUpdate, useDelete: each returns the member extended
// with this request init. Hooks may be called here because the generated hooks run while rendering.
export const PostHooks = hookifyResource(PostResource, () => {
  const token = useContext(TokenContext);
  return token ? { headers: { 'Access-Token': token } } : {};
});

export function usePost(params: { group: string; id: number }): Post {
  // Same key as PostResource.get: the cache entry is shared, and a new token does not refetch.
  return useSuspense(PostHooks.useGet(), params);
}

export function useRenamePost(params: { group: string; id: number }) {
  const partialUpdate = PostHooks.usePartialUpdate();
  const { fetch } = useController();
  return (title: string) => fetch(partialUpdate, params, { title });
}
// #endregion recipe
