// The slice of @scion-scxml/scxml 4.3 (CommonJS) that scion.ts uses. The package ships tsd/ typings, but
// they say a snapshot has 4 entries where the runtime reads 5 (the 5th, the internal event queue, must be
// an array) and they omit the compile context, so this ambient module, which wins over them, says what
// node_modules/@scion-scxml/{scxml,core-base}/lib actually do.
declare module '@scion-scxml/scxml' {
  export interface ScionEvent {
    name: string;
    data?: unknown;
  }

  /** What `onError` reports: `error.execution` with `data.reason` for a thrown cond, assign or script. */
  export interface ScionErrorEvent {
    name: string;
    /** `{ tagname, line, column, reason }` for code that threw; whatever was thrown otherwise. */
    data?: unknown;
    type?: string;
  }

  export interface ScionTransitionNode {
    /** The `event` attribute split on spaces; undefined for an eventless transition. */
    events?: string[];
  }

  export interface ScionStateNode {
    id: string;
    /** scxml, state, parallel, final, initial or history. */
    $type: string;
    isAtomic: boolean;
    transitions: ScionTransitionNode[];
  }

  /** [atomic state ids, history, isInFinalState, datamodel, internal event queue]. */
  export type ScionSnapshot = [string[], Record<string, string[]>, boolean, Record<string, unknown>, ScionEvent[]];

  /** A prepared document: SCION calls it once per interpreter to build that interpreter's model. */
  export type ScionModelFactory = (...args: never[]) => unknown;

  export interface ScionInterpreterOptions {
    snapshot?: ScionSnapshot;
    /** Sets every declared datamodel variable (undeclared keys are ignored, missing ones become undefined). */
    params?: Record<string, unknown>;
    /** SCION registers every interpreter in a global Map unless given its own. */
    sessionRegistry?: Map<string, unknown>;
    /** By `<invoke type>`; SCION's own (`InterpreterScriptingContext.invokers`) run SCXML documents only. */
    invokers?: Record<string, ScionInvoker>;
  }

  export type ScionInvoker = (
    interpreter: unknown,
    invoke: { id?: string; type?: string; src?: string },
    context: unknown,
    done: (err: unknown, session?: { cancel(): void }) => void,
  ) => void;

  export interface ScionInterpreter {
    start(): string[];
    gen(event: ScionEvent): string[];
    getConfiguration(): string[];
    getSnapshot(): ScionSnapshot;
    isFinal(): boolean;
    on(type: 'onTransition', listener: (source: string, targets: string[] | undefined, index: number) => void): void;
    on(type: 'onError', listener: (event: ScionErrorEvent) => void): void;
    on(type: 'onSmallStepBegin', listener: (event: ScionEvent) => void): void;
    /** Internal, but stable since 4.0: this interpreter's model, to read a fired transition's events. */
    readonly _model: { $idToStateMap: Map<string, ScionStateNode> };
    /** Internal: the timers of `<send>`, cleared so a step leaves nothing behind. */
    readonly _scriptingContext: { _timeouts: Set<{ timeoutHandle: ReturnType<typeof setTimeout> }> };
  }

  export interface ScionModelFactoryFactory {
    prepare(callback: (err: unknown, factory?: ScionModelFactory) => void): void;
  }

  const scxml: {
    /** Throws on malformed XML; otherwise calls back (asynchronously) with the compiled document or errors. */
    documentStringToModel(
      url: string,
      document: string,
      callback: (err: unknown, factory?: ScionModelFactoryFactory) => void,
      context?: { reportAllErrors?: boolean },
    ): void;
    core: {
      Statechart: new (model: ScionModelFactory, options?: ScionInterpreterOptions) => ScionInterpreter;
      InterpreterScriptingContext: { invokers: Record<string, ScionInvoker | undefined> };
    };
  };
  export default scxml;
}
