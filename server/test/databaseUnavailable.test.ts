import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/transaction.ts';

/** Issue 30: which failures say 'the database is not answering' (503) rather than 'something went wrong' (500). */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const failedQuery = (cause: Error) => Object.assign(new Error('Failed query: select 1\\nparams: '), { cause });

describe('isDatabaseUnavailable', () => {
  it("is PostgreSQL's own words for a database going or gone", () => {
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(withCode('connection failure', '08006')))).toBe(true);
  });

  it('is a socket refused or ended under a query', () => {
    expect(isDatabaseUnavailable(failedQuery(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(failedQuery(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(new Error('timeout exceeded when trying to connect')))).toBe(true);
  });

  it("is not another service's refused socket, nor a query the database refused", () => {
    // An SMTP server or a provider that is down is not the database.
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 10.0.0.5:587', 'ECONNREFUSED'))).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(withCode('duplicate key value', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(failedQuery(withCode('canceling statement due to statement timeout', '57014')))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Something else'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
