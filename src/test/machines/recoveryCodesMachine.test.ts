import { describe, expect, it } from 'vitest';
import { recoveryCodesMachine } from '../../machines/recoveryCodesMachine';
import { ApiError } from '../../services/http';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const CODES = ['ABCD-EFGH-JKMN'];

const events = [
  { type: 'START' },
  { type: 'CODE_CHANGE', value: '12a' },
  { type: 'CODE_CHANGE', value: '123456' },
  { type: 'SUBMIT' },
  { type: 'CANCEL' },
  doneEvent('newRecoveryCodes', { recovery_codes: CODES }),
  errorEvent('newRecoveryCodes', new ApiError(422, 'Invalid OTP')),
  errorEvent('newRecoveryCodes', new ApiError(429, 'Too many failed attempts. The account is locked for 30 minutes.')),
  { type: 'CODES_SAVED' },
];

describe('recovery codes machine: model', () => {
  const model = buildModel(recoveryCodesMachine, { events });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const snapshot = model.replay(path);
    // The codes are held only while they are shown; a code is sent only with six digits.
    if (!snapshot.matches('showingCodes')) expect(snapshot.context.codes).toEqual([]);
    else expect(snapshot.context.codes).toEqual(CODES);
    if (snapshot.matches('creating')) expect(snapshot.context.code).toMatch(/^\d{6}$/);
    if (snapshot.matches('idle')) expect(snapshot.context.error).toBeNull();
  });
});
