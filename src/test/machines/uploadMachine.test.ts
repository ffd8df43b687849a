import { describe, expect, it } from 'vitest';
import { uploadErrors, uploadMachine } from '../../machines/uploadMachine';
import { ApiError } from '../../services/http';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const csv = (name: string, size = 10) => new File(['x'.repeat(size)], name);
const result = {
  rows: [],
  summary: { files: 1, rows: 0, found: 0, missing: 0, status_mismatch: 0, amount_mismatch: 0 },
};

describe('upload machine: model', () => {
  const model = buildModel(uploadMachine, {
    inputs: [{ maxFiles: 2, maxMb: 1 }],
    events: (s) => [
      ...(s.context.files.length < 3
        ? [
            { type: 'ADD_FILES', files: [csv('report.csv')] },
            { type: 'ADD_FILES', files: [csv('photo.png')] },
          ]
        : []),
      { type: 'REMOVE_FILE', index: 0 },
      { type: 'SET_TYPE', value: 'fello_qris' },
      { type: 'UPLOAD' },
      { type: 'BACK' },
      { type: 'CLOSE' },
      doneEvent('upload', result),
      errorEvent('upload', new ApiError(400, 'report.csv: no correlation_id column was found')),
    ],
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.files.map((f: File) => f.name),
        s.context.settlementType,
        s.context.errors,
        s.context.result != null,
      ]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    // Nothing leaves the browser that breaks the limits.
    if (s.matches('uploading')) expect(uploadErrors(s.context)).toEqual([]);
  });
});

describe('upload rules', () => {
  it("use the product's messages for too many and too large files", () => {
    const files = [csv('a.csv'), csv('b.csv', 2 * 1024 * 1024), csv('c.csv')];
    expect(uploadErrors({ files, maxFiles: 2, maxMb: 1, settlementType: 'va_bri' })).toEqual([
      'Maximum Gambar Diunduh 2 Gambar',
      'Limit Size Gambar 1 MB',
    ]);
    expect(uploadErrors({ files: [csv('scan.pdf')], maxFiles: 20, maxMb: 5, settlementType: '' })).toEqual([
      'Choose a settlement type',
      'scan.pdf: only CSV or Excel files are accepted',
    ]);
  });
});
