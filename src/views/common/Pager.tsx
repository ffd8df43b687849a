import { Button, Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { countText } from '../../i18n/countText';
import { currentLanguage } from '../../i18n/language';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { GENERIC_PAGE_SIZES, type PageMeta } from '../../services/paging';
import { useT } from '../../i18n/useT';

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
  const t = useT();
  const page = meta?.current_page ?? 1;
  const last = meta?.last_page ?? 1;
  return (
    <div className={styles.bar}>
      <div className={styles.group}>
        <Text id="rows-per-page">{t({ defaultMessage: 'Rows per page', id: 'VCZBMt' })}</Text>
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
        <Text>
          {meta
            ? // English as the spec writes it ('1234 in all', no grouping); Indonesian groups ('Total 1.234').
              t(
                { defaultMessage: '{total} in all', id: 'z6hHi9' },
                { total: currentLanguage() === 'en' ? String(meta.total) : countText(meta.total) },
              )
            : ''}
        </Text>
      </div>
      <div className={styles.group}>
        <Button
          icon={<ChevronLeftRegular />}
          aria-label={t({ defaultMessage: 'Previous page', id: 'k9hDFZ' })}
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        />
        <Text>{t({ defaultMessage: 'Page {page} of {last}', id: '11OR27' }, { page, last })}</Text>
        <Button
          icon={<ChevronRightRegular />}
          aria-label={t({ defaultMessage: 'Next page', id: 'rBj9Ib' })}
          disabled={disabled || page >= last}
          onClick={() => onPage(page + 1)}
        />
      </div>
    </div>
  );
}
