import type { ApiAnswer } from '../api/callApi';

/** A refusal or failure as the server (or the network) gave it. */
export type Failure = Extract<ApiAnswer<unknown>, { ok: false }>;

/** A resource as a panel sees it: not read yet, read (with when), or refused / failed with the server's answer. */
export type Loaded<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly value: T; readonly at: number }
  | { readonly state: 'failed'; readonly failure: Failure };
