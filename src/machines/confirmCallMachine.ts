import { assign, fromPromise, setup, type ActorRef, type PromiseActorLogic, type Snapshot } from 'xstate';
import { messageOf } from '../services/http';
import type { GuardWords } from './guardWords';

/** What every confirm-then-call machine keeps beside its input: whether it asks, and how the call ended. */
export interface ConfirmCallState {
  /** Ask 'Are you sure?' first (a decision always does; a one-shot action only when its input says so). */
  confirm: boolean;
  /** The server's words once the call succeeded; null until then. */
  message: string | null;
  /** The server's refusal (or the fallback words); null until the call failed, and again while it is retried. */
  error: string | null;
}

export type ConfirmCallContext<I> = I & ConfirmCallState;

export type ConfirmCallEvent = { type: 'CONFIRM' } | { type: 'RETRY' } | { type: 'CANCEL' };

/**
 * What one 'Are you sure?, then call' says differently. The state and call names are the ones its
 * chart and its tests already say (a disbursement decision is `submitting`, a withdrawal one
 * `deciding`), so a specialisation changes no auditor-visible name.
 */
export interface ConfirmCallSpec<I extends object, O> {
  /** The machine's id: the registry's and its chart's name. */
  id: string;
  /** The call's name: its invoke id, and the actor a `.provide({ actors })` replaces. */
  call: string;
  /** The call itself, answering with the server's words; given `callInput` of the context. */
  logic: PromiseActorLogic<string, any>;
  callInput: (context: ConfirmCallContext<I>) => unknown;
  /** The state while the call is under way, and the final state once it succeeded. */
  states: { calling: string; done: string };
  /** 'always' asks first; 'whenAsked' asks only when the input's `confirm` is true, else calls at once. */
  ask: 'always' | 'whenAsked';
  /** A refusal stays open (Try again or Cancel) rather than ending the machine with the server's words. */
  retry: boolean;
  /** Shown when a refusal carries no words of its own. */
  failureText: string;
  /** The words when the server says nothing on success (e.g. 'Disbursement finalized'). */
  doneText?: (context: ConfirmCallContext<I>) => string;
  output: (context: ConfirmCallContext<I>) => O;
}

/**
 * The one 'Are you sure?, then call' machine (issue 27): confirming, then the call, ending done,
 * failed or cancelled; a spec says whether it asks always or only when asked, and whether a
 * refusal may be retried. Every decision dialog and one-shot row action is one of these.
 */
export function confirmCallMachine<I extends object, O>(spec: ConfirmCallSpec<I, O>) {
  const { calling, done } = spec.states;
  const confirmCallSetup = setup({
    types: {
      context: {} as ConfirmCallContext<I>,
      events: {} as ConfirmCallEvent,
      input: {} as I & { confirm?: boolean },
      output: {} as O,
    },
    // Keyed by the spec's call name; loosened so a test or a page may provide a call of its own type.
    actors: { [spec.call]: spec.logic } as Record<string, PromiseActorLogic<string, any>>,
    guards: { needsConfirmation: ({ context }) => context.confirm },
  });
  type Context = ConfirmCallContext<I>;
  // The context is generic in the input, so each action names what it changes as a part of it.
  const clearError = assign(() => ({ error: null }) as Partial<Context>);
  const said = assign(({ context, event }: { context: Context; event: unknown }) => {
    const output = (event as { output: string }).output;
    return { message: output || (spec.doneText?.(context) ?? output) } as Partial<Context>;
  });
  const refused = assign(
    ({ event }: { event: unknown }) =>
      ({ error: messageOf((event as { error: unknown }).error, spec.failureText) }) as Partial<Context>,
  );
  const call = {
    id: spec.call,
    src: spec.call,
    input: ({ context }: { context: Context }) => spec.callInput(context),
    onDone: { target: done, actions: said },
    onError: { target: 'failed', actions: refused },
  };
  return confirmCallSetup.createMachine({
    id: spec.id,
    context: ({ input }) => ({ ...input, confirm: input.confirm ?? true, message: null, error: null }),
    initial: spec.ask === 'always' ? 'confirming' : 'starting',
    states: {
      ...(spec.ask === 'whenAsked'
        ? { starting: { always: [{ guard: 'needsConfirmation', target: 'confirming' }, { target: calling }] } }
        : {}),
      confirming: { on: { CONFIRM: calling, CANCEL: 'cancelled' } },
      [calling]: { entry: clearError, invoke: call },
      // In the order the charts have always listed them: a retried refusal before done, a final one after.
      ...(spec.retry
        ? { failed: { on: { RETRY: calling, CANCEL: 'cancelled' } }, [done]: { type: 'final' } }
        : { [done]: { type: 'final' }, failed: { type: 'final' } }),
      cancelled: { type: 'final' },
    },
    output: ({ context }) => spec.output(context),
  });
}

/**
 * Any confirm-then-call actor, as the one dialog that renders it reads it: its context's error and
 * which of its events it can take (structural, since each specialisation's context is its own).
 */
export type ConfirmCallActor = ActorRef<
  Snapshot<unknown> & { context: ConfirmCallState; can(event: ConfirmCallEvent): boolean },
  ConfirmCallEvent
>;

/**
 * One call on one row (refresh status, re-send callback, add to withdrawable, process in bulk, an
 * approval's decision): the confirm-then-call machine, asking 'Are you sure?' only when the input
 * says so, ending with the server's message either way. `run` is provided by the machine that
 * invokes this one, so one machine serves every such action; it is given the input's `args` (the
 * row's correlation id, say) when it needs them.
 */
export const oneShotActionMachine = confirmCallMachine<
  { confirm: boolean; args?: unknown },
  { message: string | null; failed: boolean; cancelled: boolean }
>({
  id: 'oneShotAction',
  call: 'run',
  logic: fromPromise<string>(async () => 'Done'),
  callInput: ({ args }) => args,
  states: { calling: 'running', done: 'succeeded' },
  ask: 'whenAsked',
  retry: false,
  failureText: 'Something went wrong, please try again later.',
  output: ({ message, error }) => ({
    message: error ?? message,
    failed: error != null,
    cancelled: message == null && error == null,
  }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const oneShotActionGuardWords: GuardWords<typeof oneShotActionMachine> = {
  needsConfirmation: "The action asks 'Are you sure?' before the call.",
};
