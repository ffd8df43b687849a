import { Button, Checkbox, Divider, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BookmarkMultipleRegular, DeleteRegular, StarFilled } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { savedViewsMachine } from '../../machines/savedViewsMachine';
import { ToolbarPopover } from './ToolbarPopover';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, width: '320px' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  open: { flexGrow: 1, justifyContent: 'flex-start' },
  none: { color: tokens.colorNeutralForeground3 },
});

export type SavedViewsActor = ActorRefFrom<typeof savedViewsMachine>;

/**
 * Issue 29: a list's saved views, the person's own: open one, delete one, or keep the current filters
 * (and columns) under a name, optionally as the view the list opens on. Everything goes to the views machine.
 */
export function SavedViewsMenu({ actor }: { actor: SavedViewsActor }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const savedViews = t({ defaultMessage: 'Saved views', id: '49m/TX' });
  const { views, name, isDefault, error } = s.context;
  const failed = s.matches({ views: 'failed' });
  const busy = s.matches({ views: { ready: 'saving' } }) || s.matches({ views: { ready: 'deleting' } });
  return (
    <ToolbarPopover
      label={t({ defaultMessage: 'Views', id: 'akF0Ly' })}
      icon={<BookmarkMultipleRegular />}
      surfaceLabel={savedViews}
      className={styles.surface}
    >
      {(close) => (
        <>
          <Text weight="semibold">{savedViews}</Text>
          {failed && (
            <div className={styles.row}>
              <Text className={styles.none}>
                {t({ defaultMessage: 'Your views could not be read.', id: '63GeEH' })}
              </Text>
              <Button size="small" onClick={() => actor.send({ type: 'RETRY' })}>
                {t({ defaultMessage: 'Retry', id: '62nsdy' })}
              </Button>
            </div>
          )}
          {!failed && views.length === 0 && (
            <Text className={styles.none}>{t({ defaultMessage: 'No saved views yet.', id: 'glghdw' })}</Text>
          )}
          {views.map((view) => (
            <div key={view.id} className={styles.row}>
              <Button
                appearance="subtle"
                className={styles.open}
                icon={
                  view.is_default ? (
                    <StarFilled aria-label={t({ defaultMessage: 'default', id: 'FiXNt1' })} />
                  ) : undefined
                }
                aria-label={
                  view.is_default
                    ? t({ defaultMessage: 'Open view {name} (default)', id: '/YF6Pl' }, { name: view.name })
                    : t({ defaultMessage: 'Open view {name}', id: 'IAiNa1' }, { name: view.name })
                }
                disabled={!s.can({ type: 'APPLY', id: view.id })}
                onClick={() => {
                  actor.send({ type: 'APPLY', id: view.id });
                  close();
                }}
              >
                {view.name}
              </Button>
              <Button
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={t({ defaultMessage: 'Delete view {name}', id: 'ZA91bs' }, { name: view.name })}
                disabled={!s.can({ type: 'DELETE', id: view.id })}
                onClick={() => actor.send({ type: 'DELETE', id: view.id })}
              />
            </div>
          ))}
          <Divider />
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'SAVE' });
            }}
          >
            <Field
              label={t({ defaultMessage: 'Save current view as', id: 'RfmLkK' })}
              validationMessage={error ? said(error) : undefined}
              validationState={error ? 'error' : 'none'}
            >
              <Input
                value={name}
                maxLength={60}
                disabled={failed}
                onChange={(_, d) => actor.send({ type: 'SET_NAME', value: d.value })}
              />
            </Field>
            <Checkbox
              label={t({ defaultMessage: 'Open this list with it', id: 'ehwzlZ' })}
              checked={isDefault}
              disabled={failed}
              onChange={(_, d) => actor.send({ type: 'SET_DEFAULT', value: d.checked === true })}
            />
            <div className={styles.row}>
              {/* Busy, it stays focusable: a disabled button would drop the focus while the view is saved. */}
              <Button
                type="submit"
                appearance="primary"
                disabled={failed || (!busy && !s.can({ type: 'SAVE' }))}
                disabledFocusable={busy}
              >
                {s.matches({ views: { ready: 'saving' } })
                  ? t({ defaultMessage: 'Saving…', id: 'WUV28A' })
                  : t({ defaultMessage: 'Save view', id: 'JAYugF' })}
              </Button>
            </div>
          </form>
        </>
      )}
    </ToolbarPopover>
  );
}
