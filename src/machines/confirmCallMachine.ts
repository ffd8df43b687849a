import { assign, fromPromise, setup, type ActorRef, type PromiseActorLogic, type Snapshot } from 'xstate';
import { GENERIC_ERROR, messageOf } from '../services/http';
import { msg } from '../i18n/msg';
import type { GuardWords } from './guardWords';

/** What every confirm-then-call machine keeps beside its input: whether it asks, and how the call ended. */
export interface ConfirmCallState {
  /** Ask 'Are you sure?' first (a decision always does; a one-shot action only when its input says so). */
  confirm: boolean;
  /** The movement asked about will wait for a second SUPER ADMIN (the invoking page read the policy): the question says so. */
  held: boolean;
  /** The reason typed in the dialog ('' where the dialog has no reason field). */
  reason: string;
  /** Why Confirm was refused (a reason the rule wants is missing), under the Reason field; null otherwise. */
  reasonError: string | null;
  /** The server's words once the call succeeded; null until then. */
  message: string | null;
  /** The server's refusal (or the fallback words); null until the call failed, and again while it is retried. */
  error: string | null;
}

/** The context: the input, the dialog's state and the call's whole answer (null until it succeeded). */
export type ConfirmCallContext<I, R = string> = I & ConfirmCallState & { result: R | null };

export type ConfirmCallEvent =
  { type: 'CONFIRM' } | { type: 'RETRY' } | { type: 'CANCEL' } | { type: 'SET_REASON'; value: string };

/**
 * What one 'Are you sure?, then call' says differently. The state and call names are the ones its
 * chart and its tests already say (a disbursement decision is `submitting`, a withdrawal one
 * `deciding`), so a specialisation changes no auditor-visible name.
 */
export interface ConfirmCallSpec<I extends object, O, R = string> {
  /** The machine's id: the registry's and its chart's name. */
  id: string;
  /** The call's name: its invoke id, and the actor a `.provide({ actors })` replaces. */
  call: string;
  /** The call itself, given `callInput` of the context; its answer is kept whole as the context's `result`. */
  logic: PromiseActorLogic<R, any>;
  callInput: (context: ConfirmCallContext<I, R>) => unknown;
  /** The server's words in the call's answer (the answer itself when it is a string). */
  wordsOf?: (result: R) => string;
  /**
   * A reason field in the dialog: why Confirm cannot be taken with the reason as typed (a decline
   * without one), or null when it can. Without it the dialog has no reason field.
   */
  reasonProblem?: (context: ConfirmCallContext<I, R>) => string | null;
  /** The state while the call is under way, and the final state once it succeeded. */
  states: { calling: string; done: string };
  /** 'always' asks first; 'whenAsked' asks only when the input's `confirm` is true, else calls at once. */
  ask: 'always' | 'whenAsked';
  /** A refusal stays open (Try again or Cancel) rather than ending the machine with the server's words. */
  retry: boolean;
  /** Shown when a refusal carries no words of its own. */
  failureText: string;
  /** The words when the server says nothing on success (e.g. 'Disbursement finalized'). */
  doneText?: (context: ConfirmCallContext<I, R>) => string;
  output: (context: ConfirmCallContext<I, R>) => O;
}

/**
 * The one 'Are you sure?, then call' machine (issue 27): confirming, then the call, ending done,
 * failed or cancelled; a spec says whether it asks always or only when asked, and whether a
 * refusal may be retried. Every decision dialog and one-shot row action is one of these.
 */
export function confirmCallMachine<I extends object, O, R = string>(spec: ConfirmCallSpec<I, O, R>) {
  const { calling, done } = spec.states;
  type Context = ConfirmCallContext<I, R>;
  const reasonProblem = spec.reasonProblem;
  const confirmCallSetup = setup({
    types: {
      context: {} as Context,
      events: {} as ConfirmCallEvent,
      input: {} as I & { confirm?: boolean; held?: boolean },
      output: {} as O,
    },
    // Keyed by the spec's call name; loosened so a test or a page may provide a call of its own type.
    actors: { [spec.call]: spec.logic } as Record<string, PromiseActorLogic<R, any>>,
    actions: {
      typedReason: assign(
        ({ event }) =>
          ({ reason: event.type === 'SET_REASON' ? event.value : '', reasonError: null }) as Partial<Context>,
      ),
      refuseReason: assign(({ context }) => ({ reasonError: reasonProblem?.(context) ?? null }) as Partial<Context>),
    },
    guards: {
      needsConfirmation: ({ context }) => context.confirm,
      reasonAccepted: ({ context }) => reasonProblem?.(context) == null,
    },
  });
  const wordsOf = spec.wordsOf ?? ((result: R) => result as unknown as string);
  // The context is generic in the input, so each action names what it changes as a part of it.
  const clearError = assign(() => ({ error: null }) as Partial<Context>);
  const said = assign(({ context, event }: { context: Context; event: unknown }) => {
    const result = (event as { output: R }).output;
    const words = wordsOf(result);
    return { result, message: words || (spec.doneText?.(context) ?? words) } as Partial<Context>;
  });
  // Only a dialog with a reason field takes SET_REASON and checks the reason on Confirm.
  const confirming = reasonProblem
    ? {
        on: {
          SET_REASON: { actions: 'typedReason' as const },
          CONFIRM: [{ guard: 'reasonAccepted' as const, target: calling }, { actions: 'refuseReason' as const }],
          CANCEL: 'cancelled',
        },
      }
    : { on: { CONFIRM: calling, CANCEL: 'cancelled' } };
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
    context: ({ input }) => ({
      ...input,
      confirm: input.confirm ?? true,
      held: input.held ?? false,
      reason: '',
      reasonError: null,
      result: null,
      message: null,
      error: null,
    }),
    initial: spec.ask === 'always' ? 'confirming' : 'starting',
    states: {
      ...(spec.ask === 'whenAsked'
        ? { starting: { always: [{ guard: 'needsConfirmation', target: 'confirming' }, { target: calling }] } }
        : {}),
      confirming,
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
  logic: fromPromise<string>(async () => msg({ defaultMessage: 'Done', id: 'JXdbo8' })),
  callInput: ({ args }) => args,
  states: { calling: 'running', done: 'succeeded' },
  ask: 'whenAsked',
  retry: false,
  failureText: GENERIC_ERROR,
  output: ({ message, error }) => ({
    message: error ?? message,
    failed: error != null,
    cancelled: message == null && error == null,
  }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const oneShotActionGuardWords: GuardWords<typeof oneShotActionMachine> = {
  needsConfirmation: msg({ defaultMessage: "The action asks 'Are you sure?' before the call.", id: '6pr5nv' }),
  reasonAccepted: msg({ defaultMessage: 'Not asked here: a one-shot action has no reason field.', id: 'UB1JBs' }),
};
