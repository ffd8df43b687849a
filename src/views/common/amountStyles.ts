import { makeStyles } from '@fluentui/react-components';

/**
 * The Ledger's money columns, right-aligned heading and figures alike. A Fluent header cell lays its
 * words out in a flex box of its own, which text-align alone does not move: its content is pushed right.
 */
export const useAmountStyles = makeStyles({
  amount: { textAlign: 'right', whiteSpace: 'nowrap' },
  header: { textAlign: 'right', '& > div, & > button': { justifyContent: 'flex-end', textAlign: 'right' } },
});
