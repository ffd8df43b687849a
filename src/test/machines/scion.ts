// Runs SCXML documents in SCION (@scion-scxml/scxml), an interpreter written apart from XState, so a test
// can ask it what the exported charts say about one (state, data, event) case: the auditor's view.
import scxml, {
  type ScionErrorEvent,
  type ScionEvent,
  type ScionInterpreter,
  type ScionInvoker,
  type ScionModelFactory,
  type ScionSnapshot,
} from '@scion-scxml/scxml';

/** Where a step starts: the active atomic state (several only under a `<parallel>`) and the datamodel. */
export interface ScionStart {
  state: string | readonly string[];
  /** Values by `<data id>`. A declared id left out keeps its `<data expr>` value; an undeclared id throws. */
  data: Record<string, unknown>;
}

export interface ScionStepEvent {
  name: string;
  /** `_event.data` in cond and expr; `{}` when left out. */
  data?: Record<string, unknown>;
}

/** A transition SCION took during the step, in the order it took them. */
export interface ScionFired {
  source: string;
  /** null for a targetless transition (only its executable content ran). */
  targets: string[] | null;
  /** The event that selected it; null for an eventless one. */
  event: string | null;
  kind: 'move' | 'self' | 'targetless';
}

/** An `error.*` event SCION raised: `error.execution` when a cond, assign or script throws. */
export interface ScionError {
  name: string;
  reason: string;
  /** The element whose code threw (`assign`, `script`…); undefined for a cond. */
  tagname?: string;
  line?: number;
  column?: number;
}

export interface ScionVerdict {
  /** `error` whenever SCION raised an error (even if a transition was also taken), else taken or refused. */
  outcome: 'taken' | 'refused' | 'error';
  /** A transition whose `event` matched this event was taken: a self-loop and a targetless one count. */
  taken: boolean;
  fired: ScionFired[];
  /** The active atomic states after the step, sorted. */
  states: string[];
  /** Every declared `<data>` after the step (a copy). */
  data: Record<string, unknown>;
  /** SCION's isFinal(): every active atomic state is a `<final>`, nested ones included. */
  final: boolean;
  errors: ScionError[];
}

export interface ScionModel {
  readonly dataIds: readonly string[];
  readonly atomicStates: readonly string[];
  /** The document run from its own initial state: configuration, `<data expr>` values, errors raised. */
  readonly initial: { states: string[]; data: Record<string, unknown>; errors: ScionError[] };
  step(start: ScionStart, event: ScionStepEvent): ScionVerdict;
  /** Sends the events one after another to one interpreter (from `start`, or the document's initial state). */
  walk(events: readonly ScionStepEvent[], start?: ScionStart): ScionVerdict[];
}

// Compiling a document takes milliseconds and a conformance test steps thousands of times: once per string.
const models = new Map<string, Promise<ScionModel>>();

/** Compiles (once per document text) and prepares a document; rejects on malformed XML or on code SCION cannot parse. */
export function loadScion(document: string): Promise<ScionModel> {
  let model = models.get(document);
  if (!model) {
    model = compile(document).then(build);
    models.set(document, model);
  }
  return model;
}

export async function scionStep(document: string, start: ScionStart, event: ScionStepEvent): Promise<ScionVerdict> {
  return (await loadScion(document)).step(start, event);
}

export async function scionWalk(
  document: string,
  events: readonly ScionStepEvent[],
  start?: ScionStart,
): Promise<ScionVerdict[]> {
  return (await loadScion(document)).walk(events, start);
}

function compile(document: string): Promise<ScionModelFactory> {
  return new Promise((resolve, reject) => {
    const fail = (stage: string, err: unknown) => {
      // SCION writes `var ;` for a <datamodel> without <data>, then fails on it with no word of why.
      const hint = /<datamodel\s*(\/>|>\s*<\/datamodel>)/.test(document)
        ? ' (SCION needs a <data> in every <datamodel>)'
        : '';
      reject(new Error(`SCION could not ${stage} the document: ${describeError(err)}${hint}`));
    };
    let answered = false;
    try {
      // reportAllErrors: without it SCION silently turns a cond it cannot parse into `false` (a refusal).
      const context = { reportAllErrors: true };
      scxml.documentStringToModel(
        'scion-step.scxml',
        document,
        (err, prepared) => {
          // After a compile error SCION calls back a second time, with a model it cannot prepare.
          if (answered) return;
          answered = true;
          if (err || !prepared) return fail('compile', err);
          prepared.prepare((err2, factory) => (err2 || !factory ? fail('prepare', err2) : resolve(factory)));
        },
        context,
      );
    } catch (err) {
      fail('parse', err); // malformed XML throws synchronously
    }
  });
}

// SCION runs SCXML invocations only: for any other type (the charts' `xstate`) its invoke throws inside a
// Promise, an unhandled rejection. Such an invocation gets an inert session instead; what the actor would
// answer (`xstate.done.actor.<id>`) is an event the test sends.
const inert: ScionInvoker = (_interpreter, _invoke, _context, done) => done(null, { cancel() {} });
const invokers = new Proxy(scxml.core.InterpreterScriptingContext.invokers, {
  get: (known, type) => (typeof type === 'string' && known[type]) || inert,
}) as Record<string, ScionInvoker>;

function build(factory: ScionModelFactory): ScionModel {
  // Each interpreter builds its own model, but every interpreter of one factory shares the datamodel's
  // variables (they are globals of one vm context): so an interpreter is built, run and dropped within one
  // synchronous call, and its constructor (params or snapshot) first sets every variable.
  const interpreter = (options: { params: Record<string, unknown> } | { snapshot: ScionSnapshot }) =>
    new scxml.core.Statechart(factory, { ...options, invokers, sessionRegistry: new Map() });

  const probe = interpreter({ params: {} });
  const atomicStates = [...probe._model.$idToStateMap.values()]
    .filter((node) => node.isAtomic && (node.$type === 'state' || node.$type === 'final'))
    .map((node) => node.id);
  const probed = observe(probe);
  probe.start();
  const initial = { states: sorted(probe.getConfiguration()), data: datamodel(probe), errors: probed.errors };
  dispose(probe);
  const dataIds = Object.keys(initial.data);
  const atomic = new Set(atomicStates);

  const snapshot = (start: ScionStart): ScionSnapshot => {
    const states = typeof start.state === 'string' ? [start.state] : [...start.state];
    for (const state of states)
      if (!atomic.has(state))
        throw new Error(`SCION: "${state}" is not an atomic state of the document (${atomicStates.join(', ')})`);
    const unknown = Object.keys(start.data).filter((id) => !dataIds.includes(id));
    if (unknown.length)
      throw new Error(`SCION: no <data> declares ${unknown.join(', ')} (declared: ${dataIds.join(', ') || 'none'})`);
    // [configuration, history, isInFinalState (recomputed after each step), datamodel, internal queue]
    return [states, {}, false, clone({ ...initial.data, ...start.data }), []];
  };

  return {
    dataIds,
    atomicStates,
    initial,
    step(start, event) {
      const sc = interpreter({ snapshot: snapshot(start) });
      try {
        return fire(sc, observe(sc), event);
      } finally {
        dispose(sc);
      }
    },
    walk(events, start) {
      const sc = start ? interpreter({ snapshot: snapshot(start) }) : interpreter({ params: {} });
      const recorder = observe(sc);
      try {
        if (!start) sc.start();
        return events.map((event) => fire(sc, recorder, event));
      } finally {
        dispose(sc);
      }
    },
  };
}

interface Recorder {
  event?: ScionEvent;
  current?: ScionEvent;
  taken: boolean;
  fired: ScionFired[];
  errors: ScionError[];
}

function observe(sc: ScionInterpreter): Recorder {
  const recorder: Recorder = { taken: false, fired: [], errors: [] };
  // A small step's event is announced before its transitions run; eventless transitions are selected
  // first, while the external event is still current, so a transition counts only if it has an event.
  sc.on('onSmallStepBegin', (event) => (recorder.current = event));
  sc.on('onTransition', (source, targets, index) => {
    const eventful = !!sc._model.$idToStateMap.get(source)?.transitions[index]?.events;
    if (eventful && recorder.current === recorder.event) recorder.taken = true;
    const kind = !targets ? 'targetless' : targets.length === 1 && targets[0] === source ? 'self' : 'move';
    recorder.fired.push({
      source,
      targets: targets ?? null,
      event: eventful ? (recorder.current?.name ?? null) : null,
      kind,
    });
  });
  sc.on('onError', (event) => recorder.errors.push(toError(event)));
  return recorder;
}

function fire(sc: ScionInterpreter, recorder: Recorder, event: ScionStepEvent): ScionVerdict {
  const scionEvent: ScionEvent = { name: event.name, data: clone(event.data ?? {}) };
  Object.assign(recorder, { event: scionEvent, current: undefined, taken: false, fired: [], errors: [] });
  sc.gen(scionEvent);
  const { taken, fired, errors } = recorder;
  return {
    outcome: errors.length ? 'error' : taken ? 'taken' : 'refused',
    taken,
    fired,
    states: sorted(sc.getConfiguration()),
    data: datamodel(sc),
    final: sc.isFinal(),
    errors,
  };
}

function dispose(sc: ScionInterpreter) {
  // A <send> schedules a timer that would later run this interpreter and overwrite the shared variables.
  const timeouts = sc._scriptingContext._timeouts;
  for (const { timeoutHandle } of timeouts) clearTimeout(timeoutHandle);
  timeouts.clear();
}

const datamodel = (sc: ScionInterpreter): Record<string, unknown> => clone(sc.getSnapshot()[3] ?? {});
const sorted = (ids: string[]) => [...ids].sort();

/** Values cross into and out of SCION's vm context as copies, so cases never share an object. */
function clone<T>(value: T): T {
  try {
    return structuredClone(value);
  } catch {
    return value; // a function in the datamodel: cannot be copied, handed back as is
  }
}

function toError(event: ScionErrorEvent): ScionError {
  const data = event.data;
  if (data && typeof data === 'object' && 'reason' in data) {
    const { reason, tagname, line, column } = data as {
      reason: unknown;
      tagname?: string;
      line?: number;
      column?: number;
    };
    // SCION names a cond's code "undefined" (the attribute has no element type of its own).
    return {
      name: event.name,
      reason: String(reason),
      tagname: tagname === 'undefined' ? undefined : tagname,
      line,
      column,
    };
  }
  return { name: event.name, reason: typeof data === 'string' ? data : String(JSON.stringify(data)) };
}

function describeError(err: unknown): string {
  if (Array.isArray(err)) return err.map(describeError).join('; ');
  if (err && typeof err === 'object') {
    const e = err as { message?: unknown; reason?: unknown; tagname?: unknown; line?: unknown; column?: unknown };
    if (typeof e.message === 'string') return e.message;
    if (e.reason !== undefined) return `${String(e.tagname ?? 'code')} at ${e.line}:${e.column}: ${String(e.reason)}`;
  }
  return String(err);
}
