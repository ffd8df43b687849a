import { describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, DATE_TIME_HINT, servedTimeZone } from '../../services/businessClock';

describe('the business clock the server serves', () => {
  it("takes the server's zone, so app and server read a window alike", () => {
    expect(servedTimeZone({ businessTimeZone: 'Asia/Makassar' })).toBe('Asia/Makassar');
  });

  it('keeps Asia/Jakarta when the server told none, or a zone this browser does not know', () => {
    expect(servedTimeZone(undefined)).toBe('Asia/Jakarta');
    expect(servedTimeZone({})).toBe('Asia/Jakarta');
    expect(servedTimeZone({ businessTimeZone: 'Mars/Olympus' })).toBe('Asia/Jakarta');
  });

  it('names the zone in the date-time hint (Asia/Jakarta where no server speaks, as in these tests)', () => {
    expect(BUSINESS_TIME_ZONE).toBe('Asia/Jakarta');
    expect(DATE_TIME_HINT).toBe('YYYY-MM-DD HH:mm, 24-hour, Asia/Jakarta');
  });
});
