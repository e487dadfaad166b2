// #region recipe
import { Entity, RestEndpoint } from 'rtk-rest';

export class Profile extends Entity {
  username = '';
  bio = '';
  pk() {
    return this.username;
  }
  static override key = 'Profile';
}

// GET /users/ann/profile answers {"bio":"hi"}: no field says whose profile it is. `process`
// receives the call arguments too, so it copies the username from the URL before pk() runs.
export const getProfile = new RestEndpoint({
  urlPrefix: 'https://api.example.com',
  path: '/users/:username/profile',
  schema: Profile,
  process(value: { bio: string }, params: { username: string }) {
    return { ...value, username: params.username };
  },
});
// #endregion recipe
