import { Entity, createResource } from 'rtk-rest';
import { A } from './example';

/**
 * A RealWorld-like article: the list sends summaries without `body`, the article's own URL sends
 * it, so `body` is a detail field: a summary alone does not answer a read of the article.
 */
export class Article extends Entity {
  slug = '';
  title = '';
  body = '';
  pk() {
    return this.slug;
  }
  static override key = 'Article';
  static override detailFields = ['body'];
}

/** `GET A/articles` (summaries) and `GET A/articles/:slug` (the whole article). */
export const ArticleResource = createResource({ path: '/articles/:slug', urlPrefix: A, schema: Article });
