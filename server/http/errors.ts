// Routes parse their input where they always have; the parsing is the domain's (server/domain/input.ts),
// and the refusals are DomainErrors (server/domain/errors.ts) that errorHandler.ts turns into statuses.
export { parseInput } from '../domain/input.ts';
