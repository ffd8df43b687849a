// Planted for lintRules.test.ts: A and B import each other (import/no-cycle must refuse it).
import { b } from './cycleB';

export const a = () => b() + 1;
