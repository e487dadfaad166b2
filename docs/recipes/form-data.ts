// #region recipe
import { Entity, createResource } from 'rtk-rest';

export class Photo extends Entity {
  id = 0;
  album = '';
  caption = '';
  url = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'Photo';
}

export const PhotoResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/albums/:album/photos/:id',
  schema: Photo,
  // Mutations show their effect at once. With a FormData body the optimistic entity is built
  // from the form's text entries; files are left out.
  optimistic: true,
});

export function photoForm(caption: string, file: Blob): FormData {
  const form = new FormData();
  form.append('caption', caption);
  form.append('file', file, 'photo.jpg');
  return form;
}

// Sent as is, as multipart/form-data: the library adds no Content-Type, so the platform can
// write the boundary.
//   store.dispatch(rest.fetch(PhotoResource.getList.push, { album: 'summer' }, photoForm('Beach', file)));
// #endregion recipe
