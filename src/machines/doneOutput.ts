/**
 * An invoked actor's output, read off its done event in a named guard or action. Named actions and
 * guards also run on done events their machine's event union does not list, so the type is given.
 */
export const outputOf = <T>(event: unknown) => (event as { output: T }).output;
