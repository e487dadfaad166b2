import { redirect } from 'next/navigation';
import { HydrateRest } from 'rtk-rest/react';
import { Profile } from '../../components/Profile';
import { getMe, PostResource, rest, sliceOf } from '../../lib/api';
import { requestStore } from '../../lib/server';

export const dynamic = 'force-dynamic';

/**
 * The signed-in user's page. The request's store carries this request's token (from its session
 * cookie) in its own auth slice, so its reads are this user's, whatever other requests run at the
 * same time; only the rest slice goes to the client, never the token.
 */
export default async function MePage() {
  const store = await requestStore();
  if (store.getState().auth.token === null) redirect('/login');
  const me = await store.dispatch(rest.fetch(getMe)).catch(() => undefined);
  if (me === undefined) redirect('/login?expired=1');
  await store.dispatch(rest.fetch(PostResource.getList, { group: 'react', author: me.username }));
  return (
    <HydrateRest slice={sliceOf(store)}>
      <Profile />
    </HydrateRest>
  );
}
