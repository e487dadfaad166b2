// rtk-rest-codegen.config.ts
import { defineConfig } from 'rtk-rest-codegen';

export default defineConfig({
  exclude: { operations: ['deleteBook'] },
  names: { listAuthorBooks: 'booksByAuthor' },
  // Computed when the command runs: another server per environment.
  baseUrl: process.env.BOOKSHOP_URL ?? 'https://books.example.com/v1',
});
