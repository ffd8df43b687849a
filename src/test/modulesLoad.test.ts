import { describe, expect, it } from 'vitest';

/**
 * Every machine and service module loads. A machine whose definition cannot be built (a state
 * without its config, an initial state that does not exist) throws when its module is imported;
 * imported here inside a test, that fails a test by name instead of failing other test files while
 * they load, which a mutation run would not count as a failure.
 */
const modules = import.meta.glob(['../machines/**/*.ts', '../services/**/*.ts']);

describe('every machine and service module loads', () => {
  it('finds the modules', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(50);
  });

  it.each(Object.keys(modules))('%s', async (path) => {
    await expect(modules[path]()).resolves.toBeDefined();
  });
});
