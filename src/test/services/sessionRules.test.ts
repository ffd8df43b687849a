import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { browserName, SessionParams } from '../../services/sessionRules';
import { indonesianSaid } from '../views/indonesianCatalog';

describe('browserName: a short readable name for a user agent (issue 44)', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 ' +
        'Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 ' +
        'Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
        'Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 ' +
        'Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 ' +
        'Safari/537.36 OPR/115.0.0.0',
      'Opera on Windows',
    ],
    ['curl/8.5.0', 'curl'],
    ['node', 'Node.js'],
    ['Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0', 'A browser on Linux'],
    ['', 'Unknown browser'],
    [null, 'Unknown browser'],
    ['\u0000<script>', 'Unknown browser'],
  ])('%s → %s', (agent, name) => {
    expect(browserName(agent)).toBe(name);
  });

  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'Chrome di Linux'],
    ['Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0', 'Peramban di Linux'],
    ['', 'Peramban tidak dikenal'],
  ])('%s is said in Bahasa Indonesia as %s', (agent, name) => {
    expect(indonesianSaid(browserName(agent))).toBe(name);
  });

  it("leaves a text that only looks like a browser's name as it is", () => {
    expect(indonesianSaid('Deposit on Monday')).toBe('Deposit on Monday');
  });
});

describe('SessionParams: the :id of a session', () => {
  it('takes whole numbers only', () => {
    expect(v.parse(SessionParams, { id: '42' })).toEqual({ id: 42 });
    for (const id of ['', 'abc', '-1', '1.5', '1e3', '9'.repeat(16), ' 1'])
      expect(v.safeParse(SessionParams, { id }).success, id).toBe(false);
  });
});
