/**
 * A user-facing English text made outside a view (a machine's alert, a rule's refusal, a server message), declared
 * so that `formatjs extract` puts it in the catalogs (issue 48). It returns the English with `{name}` placeholders
 * filled; whoever shows it translates it by its English (`translateText`), in the person's language.
 */
export interface TextDescriptor {
  id?: string;
  defaultMessage: string;
  description?: string;
}

export function msg(descriptor: TextDescriptor, values?: Record<string, string | number>): string {
  return values ? fill(descriptor.defaultMessage, values) : descriptor.defaultMessage;
}

/** A message's English (declared with msg() elsewhere) with its `{name}` placeholders filled. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
