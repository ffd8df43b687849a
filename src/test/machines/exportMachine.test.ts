import { describe, expect, it } from 'vitest';
import { emailError, exportMachine } from '../../machines/exportMachine';
import { ApiError } from '../../services/http';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const filter = {
  start: '2026-11-21 00:00',
  end: '2026-11-21 23:59',
  status: 'FINALIZED',
  search_by: 'correlation_id',
  search: '',
  payment_method: [],
  client_id: null,
};

describe('export machine: model', () => {
  const model = buildModel(exportMachine, {
    inputs: [{ filter }],
    events: [
      { type: 'DOWNLOAD' },
      { type: 'CHOOSE_EMAIL' },
      { type: 'SET_EMAIL', value: 'finance@' },
      { type: 'SET_EMAIL', value: 'finance@client.co.id' },
      { type: 'SEND' },
      { type: 'BACK' },
      { type: 'CANCEL' },
      doneEvent('download', 'File downloaded successfully'),
      errorEvent('download', new ApiError(500, 'down')),
      doneEvent('sendEmail', 'Export will be sent to finance@client.co.id'),
      errorEvent('sendEmail', new ApiError(503, 'down')),
    ],
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    if (s.matches('sending')) expect(emailError(s.context.email)).toBeNull();
    if (s.matches('finished') && s.context.failed && path.events.some((e) => e.type === 'SEND'))
      expect(s.context.message).toBe('Email failed to send');
  });
});

describe('export e-mail rule', () => {
  it('wants an address with @ and a dot', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('finance@client')).toBe('Email is invalid');
    expect(emailError(' finance@client.co.id ')).toBeNull();
  });
});
