// What `acct timer stop` refuses before anything is saved (src/cli/timer/stop-rules.ts): an --end in the
// future or not after the start, on the company's clock (Zurich), past midnight as the service reads it.
import { describe, expect, test } from 'vitest';
import { checkEnd, secondsRun } from '../../src/cli/timer/stop-rules.js';
import { UsageError } from '../../src/errors.js';

// 14:13 in Zurich (CEST) on 6 May 2024, the timer started at 09:12
const NOW = new Date('2024-05-06T12:13:40Z');
const STARTED = new Date('2024-05-06T07:12:30Z');

const refusal = (fn: () => void): string => {
  try {
    fn();
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  return '';
};

describe('checkEnd', () => {
  test('an end between the start and now is fine, to the minute', () => {
    expect(refusal(() => checkEnd(STARTED, '09:13', NOW))).toBe('');
    expect(refusal(() => checkEnd(STARTED, '14:13', NOW))).toBe('');
  });

  test('an end in the future is refused, however close', () => {
    expect(refusal(() => checkEnd(STARTED, '17:30', NOW))).toBe('--end 17:30 is in the future (now 14:13)');
    expect(refusal(() => checkEnd(STARTED, '14:14', NOW))).toBe('--end 14:14 is in the future (now 14:13)');
  });

  test('an end at or before the start of a timer started today is refused', () => {
    expect(refusal(() => checkEnd(STARTED, '09:12', NOW))).toBe("--end 09:12 is not after the timer's start 09:12");
    expect(refusal(() => checkEnd(STARTED, '08:00', NOW))).toBe("--end 08:00 is not after the timer's start 09:12");
  });

  test('a timer past midnight: an end before its start time is the next day, and may be in the future', () => {
    const lateStart = new Date('2024-05-05T21:30:00Z'); // 23:30 on 5 May
    const night = new Date('2024-05-05T23:15:00Z'); // 01:15 on 6 May
    expect(refusal(() => checkEnd(lateStart, '00:45', night))).toBe('');
    expect(refusal(() => checkEnd(lateStart, '23:50', night))).toBe('');
    expect(refusal(() => checkEnd(lateStart, '02:00', night))).toBe('--end 02:00 is in the future (now 01:15)');
  });

  test('secondsRun counts whole seconds, never below 0', () => {
    expect(secondsRun(new Date('2024-05-06T12:13:00Z'), new Date('2024-05-06T12:13:59.900Z'))).toBe(59);
    expect(secondsRun(NOW, STARTED)).toBe(0);
  });
});
