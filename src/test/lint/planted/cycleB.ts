// Planted for lintRules.test.ts: the other half of the cycle.
import { a } from './cycleA';

export const b = (): number => (Math.random() > 2 ? a() : 0);
