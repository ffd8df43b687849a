import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../machines/sessionMachine';

export const SessionContext = createActorContext(sessionMachine);
