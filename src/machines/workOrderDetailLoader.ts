import { fromPromise } from 'xstate';
import { api } from '../services/api';

/** The work order a notification points at (/work-order-detail?wo=...). */
export const workOrderDetailLoader = fromPromise(({ input }: { input: { code: string } }) => api.workOrder(input.code));
