import { Button, Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { GENERIC_PAGE_SIZES, type PageMeta } from '../../services/paging';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingTop: tokens.spacingVerticalM,
    flexWrap: 'wrap',
  },
  group: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** What the Pager sends its page machine: every paged list's machine takes these two. */
export type PagerEvent = { type: 'PAGE'; page: number } | { type: 'PAGE_SIZE'; limit: number };

/** Page size and page navigation under a paged table, sent to the page machine that reads the list. */
export function Pager({
  meta,
  sizes = GENERIC_PAGE_SIZES,
  limit,
  send,
  disabled,
}: {
  meta: PageMeta | null;
  sizes?: readonly number[];
  limit: number;
  send: (event: PagerEvent) => void;
  disabled?: boolean;
}) {
  const onPage = (page: number) => send({ type: 'PAGE', page });
  const styles = useStyles();
  const page = meta?.current_page ?? 1;
  const last = meta?.last_page ?? 1;
  return (
    <div className={styles.bar}>
      <div className={styles.group}>
        <Text id="rows-per-page">Rows per page</Text>
        <Dropdown
          aria-labelledby="rows-per-page"
          value={String(limit)}
          selectedOptions={[String(limit)]}
          style={{ minWidth: 90 }}
          onOptionSelect={(_, d) => d.optionValue && send({ type: 'PAGE_SIZE', limit: Number(d.optionValue) })}
        >
          {sizes.map((s) => (
            <Option key={s} value={String(s)}>
              {String(s)}
            </Option>
          ))}
        </Dropdown>
        <Text>{meta ? `${meta.total} in all` : ''}</Text>
      </div>
      <div className={styles.group}>
        <Button
          icon={<ChevronLeftRegular />}
          aria-label="Previous page"
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        />
        <Text>
          Page {page} of {last}
        </Text>
        <Button
          icon={<ChevronRightRegular />}
          aria-label="Next page"
          disabled={disabled || page >= last}
          onClick={() => onPage(page + 1)}
        />
      </div>
    </div>
  );
}
