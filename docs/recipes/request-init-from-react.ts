// #region recipe
import { createContext, useContext } from 'react';
import { Entity, createResource, hookifyResource } from 'rtk-rest';
import { useController, useSuspense } from 'rtk-rest/react';

// The server renders a CSRF token into the page; a provider near the root hands it down.
export const CsrfContext = createContext('');

export class Comment extends Entity {
  id = 0;
  postId = 0;
  text = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Comment';
}

export const CommentResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/posts/:postId/comments/:id',
  schema: Comment,
  requestInit: { credentials: 'same-origin', headers: { 'X-Client': 'web' } },
});

// Each hook returns the member extended with this init, merged over the resource's requestInit
// (headers entry by entry), so requests carry X-Client and X-CSRF-Token.
export const CommentHooks = hookifyResource(CommentResource, () => ({
  headers: { 'X-CSRF-Token': useContext(CsrfContext) },
}));

export function useComments(postId: number): Comment[] {
  return useSuspense(CommentHooks.useGetList(), { postId });
}

export function useAddComment(postId: number) {
  const { push } = CommentHooks.useGetList(); // extenders inherit the merged init
  const { fetch } = useController();
  return (text: string) => fetch(push, { postId }, { text });
}
// #endregion recipe
