import { businessNow } from '../services/dateRange';

/** The 'Last updated at' stamp of a page: when its figures were read, on the business clock. */
export const loadedAtNow = () => businessNow().format('YYYY-MM-DD HH:mm:ss');
