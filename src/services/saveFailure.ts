/** A refusal as the server gave it: its words, and its field messages when it sent some. */
export interface SaveFailure {
  message: string;
  details: readonly string[];
}
