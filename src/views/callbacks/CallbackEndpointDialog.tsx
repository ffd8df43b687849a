import { useState } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { CallbackEndpointActor } from '../../machines/callbackEndpointMachine';
import { SECRET_OVERLAP_HOURS } from '../../services/callbackRules';
import { writeClipboardText } from '../../services/clipboard';
import { formatDateTime } from '../../services/format';
import { MachineDialog } from '../common/MachineDialog';
import { RetryBar } from '../common/RetryBar';

const useStyles = makeStyles({
  // Wide enough for a long URL and the four buttons on one line.
  surface: { maxWidth: '720px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: '4px',
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  tools: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  secret: {
    fontFamily: tokens.fontFamilyMonospace,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
    overflowWrap: 'anywhere',
  },
  excerpt: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    maxHeight: '120px',
    overflow: 'auto',
    whiteSpace: 'pre-wrap',
    margin: 0,
  },
});

/**
 * A client's callback endpoint (issue 47): renders the endpoint machine and sends it events. The new secret
 * after a rotation is shown once, with Copy and 'I have saved it', the only way on (as the recovery codes are).
 */
export function CallbackEndpointDialog({ actor, onClose }: { actor: CallbackEndpointActor; onClose: () => void }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const [copied, setCopied] = useState<boolean | null>(null);

  if (s.matches('showingSecret') && c.secret) {
    return (
      <MachineDialog modalType="alert">
        <DialogSurface aria-label="New callback secret">
          <DialogBody>
            <DialogTitle>New callback secret</DialogTitle>
            <DialogContent className={styles.content}>
              <Text>
                Give it to the merchant now: it is shown only this once. Until{' '}
                {formatDateTime(c.secret.previous_secret_until)} callbacks carry signatures with both the old and the
                new secret ({SECRET_OVERLAP_HOURS} hours).
              </Text>
              <div className={styles.secret} data-testid="new-secret">
                {c.secret.secret}
              </div>
              <div className={styles.tools}>
                <Button
                  icon={<CopyRegular />}
                  onClick={() => void writeClipboardText(c.secret!.secret).then(setCopied)}
                >
                  Copy
                </Button>
                {copied === true && <Text>Copied.</Text>}
                {copied === false && <Text>The browser refused: select the secret and copy it.</Text>}
              </div>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => actor.send({ type: 'SECRET_SAVED' })}>
                I have saved it
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </MachineDialog>
    );
  }

  const editing = s.matches('editing') || s.matches('saving');
  const confirming = s.matches('confirmingRotation') || s.matches('rotating');
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface aria-label="Callback endpoint" className={styles.surface}>
        <DialogBody>
          <DialogTitle>Callback endpoint{c.endpoint ? ` of ${c.endpoint.client_name}` : ''}</DialogTitle>
          <DialogContent className={styles.content}>
            {s.matches('loading') && <Spinner size="small" label="Loading the endpoint…" />}
            {s.matches('failed') && <RetryBar message={c.loadError} onRetry={() => actor.send({ type: 'RETRY' })} />}
            {c.endpoint && (
              <dl className={styles.facts}>
                <dt className={styles.term}>URL</dt>
                <dd className={styles.value}>{c.endpoint.callback_url ?? 'None'}</dd>
                <dt className={styles.term}>Secret rotated</dt>
                <dd className={styles.value}>
                  {c.endpoint.secret_rotated_at ? formatDateTime(c.endpoint.secret_rotated_at) : 'Never'}
                </dd>
                <dt className={styles.term}>Previous secret valid until</dt>
                <dd className={styles.value}>
                  {c.endpoint.previous_secret_until ? formatDateTime(c.endpoint.previous_secret_until) : '-'}
                </dd>
              </dl>
            )}
            {editing && (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  actor.send({ type: 'SAVE_URL' });
                }}
              >
                <Field
                  label="Callback URL"
                  required
                  validationState={c.urlError ? 'error' : 'none'}
                  validationMessage={c.urlError ?? undefined}
                >
                  <Input
                    value={c.urlText}
                    disabled={s.matches('saving')}
                    onChange={(_, d) => actor.send({ type: 'SET_URL', value: d.value })}
                  />
                </Field>
                <div className={styles.tools} style={{ marginTop: 8 }}>
                  <Button appearance="primary" type="submit" disabled={!s.can({ type: 'SAVE_URL' })}>
                    {s.matches('saving') ? 'Saving…' : 'Save URL'}
                  </Button>
                  <Button disabled={!s.can({ type: 'CANCEL' })} onClick={() => actor.send({ type: 'CANCEL' })}>
                    Cancel
                  </Button>
                </div>
              </form>
            )}
            {confirming && (
              <MessageBar intent="warning">
                <MessageBarBody>
                  Rotate the secret? The new one is shown once; the old one keeps signing for {SECRET_OVERLAP_HOURS}{' '}
                  hours.{' '}
                  <Button
                    size="small"
                    disabled={!s.can({ type: 'CONFIRM' })}
                    onClick={() => actor.send({ type: 'CONFIRM' })}
                  >
                    {s.matches('rotating') ? 'Rotating…' : 'Yes, rotate'}
                  </Button>{' '}
                  <Button
                    size="small"
                    disabled={!s.can({ type: 'CANCEL' })}
                    onClick={() => actor.send({ type: 'CANCEL' })}
                  >
                    No
                  </Button>
                </MessageBarBody>
              </MessageBar>
            )}
            {s.matches('testing') && <Spinner size="small" label="Sending a test callback…" />}
            {c.test && (
              <section aria-label="Test callback outcome">
                <MessageBar intent={c.test.delivered ? 'success' : 'error'}>
                  <MessageBarBody>
                    {c.test.delivered ? 'Test callback delivered' : 'Test callback failed'}:{' '}
                    {c.test.status_code != null ? `HTTP ${c.test.status_code}` : (c.test.error ?? '')} in{' '}
                    {c.test.duration_ms} ms
                  </MessageBarBody>
                </MessageBar>
                {c.test.response_excerpt && <pre className={styles.excerpt}>{c.test.response_excerpt}</pre>}
              </section>
            )}
          </DialogContent>
          <DialogActions>
            {/* Only a SUPER ADMIN's machine takes these: an AUDITOR sees the endpoint and no buttons. */}
            {s.can({ type: 'EDIT_URL' }) && <Button onClick={() => actor.send({ type: 'EDIT_URL' })}>Edit URL</Button>}
            {s.can({ type: 'ROTATE' }) && <Button onClick={() => actor.send({ type: 'ROTATE' })}>Rotate secret</Button>}
            {s.can({ type: 'SEND_TEST' }) && (
              <Button onClick={() => actor.send({ type: 'SEND_TEST' })}>Send test callback</Button>
            )}
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
