import { Button, Checkbox, Divider, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { BookmarkMultipleRegular, DeleteRegular, StarFilled } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { savedViewsMachine } from '../../machines/savedViewsMachine';
import { ToolbarPopover } from './ToolbarPopover';

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
  const s = useSelector(actor, (snapshot) => snapshot);
  const { views, name, isDefault, error } = s.context;
  const failed = s.matches({ views: 'failed' });
  const busy = s.matches({ views: { ready: 'saving' } }) || s.matches({ views: { ready: 'deleting' } });
  return (
    <ToolbarPopover
      label="Views"
      icon={<BookmarkMultipleRegular />}
      surfaceLabel="Saved views"
      className={styles.surface}
    >
      {(close) => (
        <>
          <Text weight="semibold">Saved views</Text>
          {failed && (
            <div className={styles.row}>
              <Text className={styles.none}>Your views could not be read.</Text>
              <Button size="small" onClick={() => actor.send({ type: 'RETRY' })}>
                Retry
              </Button>
            </div>
          )}
          {!failed && views.length === 0 && <Text className={styles.none}>No saved views yet.</Text>}
          {views.map((view) => (
            <div key={view.id} className={styles.row}>
              <Button
                appearance="subtle"
                className={styles.open}
                icon={view.is_default ? <StarFilled aria-label="default" /> : undefined}
                aria-label={`Open view ${view.name}${view.is_default ? ' (default)' : ''}`}
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
                aria-label={`Delete view ${view.name}`}
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
              label="Save current view as"
              validationMessage={error ?? undefined}
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
              label="Open this list with it"
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
                {s.matches({ views: { ready: 'saving' } }) ? 'Saving…' : 'Save view'}
              </Button>
            </div>
          </form>
        </>
      )}
    </ToolbarPopover>
  );
}
