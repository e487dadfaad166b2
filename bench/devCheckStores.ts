import { configureStore, createEntityAdapter, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { createRest } from '../src';
import { getIssues, Issue } from './issueData';
import type { IssueData, LabelData, UserData } from './issueData';

/**
 * The stores of the dev-checks workload (bench/workloads/devChecks.ts), all made by
 * `configureStore` and filled with the same GitHub-like issues (bench/issueData.ts):
 * rtk-rest with RTK's default middleware (immutability and serializability checks on), the same
 * with both checks off (what the checks themselves cost), and a `createSlice` holding the same
 * data normalized in three `createEntityAdapter`s (what an Immer-built slice costs).
 */

export type DevCheckLib = 'rtk-rest' | 'rtk-rest, checks off' | 'createEntityAdapter';

export interface DevCheckStore {
  /** Writes a page of issues (one dispatch): rtk-rest stores it as `GET …/issues?page=p`. */
  page(p: number, issues: IssueData[]): void;
  /** Writes one issue (rtk-rest: `rest.set`). */
  set(issue: IssueData): void;
  /** Dispatches an action no reducer of the store handles. */
  unrelated(): void;
  /** Dispatches rtk-rest's internal controller probe, as every thunk does (rtk-rest only). */
  probe?(): void;
  /** The stored title of issue `id`, read through the library (sanity checks). */
  title(id: number): string | undefined;
  /** The user login and label count of issue `id` (sanity checks: the nesting survived). */
  nested(id: number): string | undefined;
  /** How many issues the store holds. */
  count(): number;
}

const unrelatedAction = { type: 'other/thing' };

// -------------------------------------------------------------------------------- rtk-rest

function rtkRestStore(checks: boolean): DevCheckStore {
  const rest = createRest({ gc: false });
  const store = configureStore({
    reducer: { [rest.reducerPath]: rest.reducer },
    middleware: (getDefault) => getDefault(checks ? undefined : { immutableCheck: false, serializableCheck: false }).concat(rest.middleware),
  });
  const read = (id: number) => rest.selectQuery(store.getState(), Issue, { id });
  let pages = 0;
  return {
    page(p, issues) {
      store.dispatch(rest.setResponse(getIssues, { page: p }, issues));
      pages = Math.max(pages, p + 1);
    },
    set: (issue) => store.dispatch(rest.set(Issue, { id: issue.id }, issue)),
    unrelated: () => store.dispatch(unrelatedAction),
    probe: () => store.dispatch({ type: `${rest.reducerPath}/internal/controller` }),
    title: (id) => read(id)?.title,
    nested: (id) => {
      const found = read(id);
      return found === undefined ? undefined : `${found.user.login}/${found.labels.length}`;
    },
    count: () => {
      let total = 0;
      for (let p = 0; p < pages; p++) total += rest.selectData(store.getState(), getIssues, { page: p })?.length ?? 0;
      return total;
    },
  };
}

// --------------------------------------------------------------------- createEntityAdapter

type StoredIssue = Omit<IssueData, 'user' | 'labels'> & { user: number; labels: number[] };

const issuesAdapter = createEntityAdapter<StoredIssue>();
const usersAdapter = createEntityAdapter<UserData>();
const labelsAdapter = createEntityAdapter<LabelData>();

const github = createSlice({
  name: 'github',
  initialState: {
    issues: issuesAdapter.getInitialState(),
    users: usersAdapter.getInitialState(),
    labels: labelsAdapter.getInitialState(),
  },
  reducers: {
    issuesReceived(state, action: PayloadAction<IssueData[]>) {
      const stored: StoredIssue[] = [];
      for (const { user, labels, ...rest } of action.payload) {
        usersAdapter.upsertOne(state.users, user);
        labelsAdapter.upsertMany(state.labels, labels);
        stored.push({ ...rest, user: user.id, labels: labels.map((label) => label.id) });
      }
      issuesAdapter.upsertMany(state.issues, stored);
    },
  },
});

function adapterStore(): DevCheckStore {
  const store = configureStore({ reducer: { github: github.reducer } });
  const read = (id: number) => store.getState().github.issues.entities[id];
  return {
    page: (_p, issues) => store.dispatch(github.actions.issuesReceived(issues)),
    set: (issue) => store.dispatch(github.actions.issuesReceived([issue])),
    unrelated: () => store.dispatch(unrelatedAction),
    title: (id) => read(id)?.title,
    nested: (id) => {
      const found = read(id);
      const { users } = store.getState().github;
      return found === undefined ? undefined : `${users.entities[found.user]?.login}/${found.labels.length}`;
    },
    count: () => store.getState().github.issues.ids.length,
  };
}

export const DEV_CHECK_STORES: readonly { lib: DevCheckLib; create(): DevCheckStore }[] = [
  { lib: 'rtk-rest', create: () => rtkRestStore(true) },
  { lib: 'rtk-rest, checks off', create: () => rtkRestStore(false) },
  { lib: 'createEntityAdapter', create: adapterStore },
];
