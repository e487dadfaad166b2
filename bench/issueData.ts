import { Entity, RestEndpoint } from '../src';

/**
 * GitHub-like issues for the dev-checks workload (bench/workloads/devChecks.ts) and its test
 * (__tests__/redux/devChecks.test.ts): each issue has a nested `user` (one of USERS) and 0–3
 * nested `labels` (of LABELS), with the fields api.github.com returns for
 * `GET /repos/:owner/:repo/issues` (trimmed of URLs that repeat). Every call builds fresh
 * objects, as a parsed response is. Below: the rtk-rest schema for them.
 */

export interface UserData {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  html_url: string;
  type: 'User';
  site_admin: boolean;
}
export interface LabelData {
  id: number;
  node_id: string;
  name: string;
  color: string;
  default: boolean;
  description: string;
}
export interface IssueData {
  id: number;
  node_id: string;
  number: number;
  title: string;
  state: 'open' | 'closed';
  locked: boolean;
  comments: number;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  author_association: string;
  html_url: string;
  body: string;
  user: UserData;
  labels: LabelData[];
  reactions: { total_count: number; '+1': number; '-1': number; heart: number };
}

export const USERS = 300;
export const LABELS = 40;

export const user = (k: number): UserData => ({
  login: `user${k}`,
  id: 1000 + k,
  node_id: `MDQ6VXNlcj${k}`,
  avatar_url: `https://avatars.githubusercontent.com/u/${1000 + k}?v=4`,
  html_url: `https://github.com/user${k}`,
  type: 'User',
  site_admin: false,
});

export const label = (k: number): LabelData => ({
  id: 5000 + k,
  node_id: `MDU6TGFiZWw${k}`,
  name: `label ${k}`,
  color: (0x100000 + k * 7919).toString(16).slice(-6),
  default: k === 0,
  description: `Issues about area ${k}`,
});

/** Issue `n` (ids from 1), titled `title`. */
export function issue(n: number, title = `Issue ${n}`): IssueData {
  const date = new Date(Date.UTC(2024, 0, 1) + n * 3_600_000).toISOString();
  return {
    id: 2_000_000 + n,
    node_id: `I_kwDOA${n}`,
    number: n,
    title,
    state: n % 3 === 0 ? 'closed' : 'open',
    locked: false,
    comments: n % 17,
    created_at: date,
    updated_at: date,
    closed_at: n % 3 === 0 ? date : null,
    author_association: 'CONTRIBUTOR',
    html_url: `https://github.com/acme/widgets/issues/${n}`,
    body: `Steps to reproduce issue ${n}: open the widget, click twice, see the error.`,
    user: user(n % USERS),
    labels: Array.from({ length: n % 4 }, (_, i) => label((n + i * 13) % LABELS)),
    reactions: { total_count: n % 5, '+1': n % 5, '-1': 0, heart: 0 },
  };
}

/** Issues `from` … `from + count - 1`. */
export const issues = (from: number, count: number): IssueData[] => Array.from({ length: count }, (_, i) => issue(from + i));

// ------------------------------------------------------------------------ the rtk-rest schema

export class User extends Entity {
  login = '';
  id = 0;
  pk() {
    return String(this.id);
  }
  static override key = 'User';
}
export class Label extends Entity {
  id = 0;
  name = '';
  pk() {
    return String(this.id);
  }
  static override key = 'Label';
}
export class Issue extends Entity {
  id = 0;
  number = 0;
  title = '';
  user = User.fromJS();
  labels: Label[] = [];
  pk() {
    return String(this.id);
  }
  static override key = 'Issue';
  static override schema = { user: User, labels: [Label] };
}

/** `GET …/repos/acme/widgets/issues?page=p`, a page of issues. */
export const getIssues = new RestEndpoint({
  urlPrefix: 'https://api.github.test',
  path: '/repos/acme/widgets/issues',
  searchParams: {} as { page: number },
  schema: [Issue],
});
