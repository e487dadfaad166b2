/** Every import from @reduxjs/toolkit goes through this file. */
export { createAction, nanoid } from '@reduxjs/toolkit';
export type { Middleware, MiddlewareAPI, Dispatch, UnknownAction, ThunkAction, Reducer, PayloadAction } from '@reduxjs/toolkit';
