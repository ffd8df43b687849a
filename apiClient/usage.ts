/**
 * A client generated from /api/docs, in use (issue 30): `npm run typecheck` generates apiClient/openapi.d.ts
 * (openapi-typescript, scripts/apiClientTypes.ts) and type-checks this file against it, so a document that no
 * longer gives the people who integrate with it usable types fails CI. Types only: nothing here runs.
 */
import type { paths } from './openapi';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** One operation of the document, by path and method. */
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type QueryOf<Op> = Op extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : never;
/**
 * The JSON answer of a status: the success envelope `{ status, message, data?, meta? }` with its data typed. Until
 * the routes' answer schemas are in the document (routeOutput.ts, merged from the other half of issue 30), the
 * document declares no answer body and this is `never`; then `AnswerOf<TransactionList>['data']` is the page of
 * pay-ins and its `meta` the page's place, and the answers below can be read field by field.
 */
export type AnswerOf<Op, Status extends number = 200> = Op extends {
  responses: { [S in Status]: { content: { 'application/json': infer Answer } } };
}
  ? Answer
  : never;

type TransactionList = Operation<'/api/backoffice/transaction/list', 'get'>;
type Settle = Operation<'/api/backoffice/transaction/update-settlement-v2', 'post'>;
type UpdateBalance = Operation<'/api/backoffice/transaction/update-balance', 'patch'>;

/** The Payments List: a day's FINALIZED pay-ins, first page of 100. */
export const transactionListQuery: QueryOf<TransactionList> = {
  start: '2025-06-01 00:00',
  end: '2025-06-01 23:59',
  status: 'FINALIZED',
  search_by: 'correlation_id',
  page: '1',
  limit: '100',
};
// @ts-expect-error no pay-in is PAID: the statuses are the document's enum
export const unknownStatus: QueryOf<TransactionList> = { status: 'PAID' };
// @ts-expect-error the list offers 15, 100, 250, 500 or 1000 rows a page
export const oddPageSize: QueryOf<TransactionList> = { limit: '20' };

/** Settle a day's FELLO QRIS pay-ins. */
export const settleBody: BodyOf<Settle> = { type: 'fello_qris', start: '2025-06-01 00:00', end: '2025-06-01 23:59' };
export const unknownSettlementType: BodyOf<Settle> = {
  // @ts-expect-error the settlement types are the document's enum
  type: 'cash',
  start: '2025-06-01 00:00',
  end: '2025-06-01 23:59',
};

/** A master balance adjustment: the client and a signed amount. */
export const adjustment: BodyOf<UpdateBalance> = { client_id: 1, amount: -250_000 };
// @ts-expect-error the client is required
export const adjustmentOfNoClient: BodyOf<UpdateBalance> = { amount: 250_000 };

/** The answers, typed once the document declares them (see AnswerOf). */
export type TransactionListAnswer = AnswerOf<TransactionList>;
export type SettleAnswer = AnswerOf<Settle>;
export type UpdateBalanceAnswer = AnswerOf<UpdateBalance>;
export type UpdateBalanceHeld = AnswerOf<UpdateBalance, 202>;

/** A row of a list's answer (`never` while the answer is). */
type RowOf<Answer> = Answer extends { data?: (infer Row)[] } ? Row : never;
/** A pay-in of the Payments List's answer: its row type once the answers are declared, `never` until then. */
export type ListedPayin = RowOf<TransactionListAnswer>;
type Holds<T extends true> = T;
// Once the answers are declared, a listed pay-in must name its correlation id and amount as the server sends them.
// Until then ListedPayin is never and this holds vacuously: when the answers land, make `never` fail here (false).
type _ListedPayinIsTyped = Holds<
  [ListedPayin] extends [never] ? true : ListedPayin extends { correlation_id: string; amount: number } ? true : false
>;
