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
import { useSaid, useT } from '../../i18n/useT';

// No words: what stands without a value, and between the question and its buttons.
const NONE = '-';
const SPACE = ' ';

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
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const [copied, setCopied] = useState<boolean | null>(null);
  const testValues = (test: NonNullable<typeof c.test>) => ({
    answer:
      test.status_code != null
        ? t({ defaultMessage: 'HTTP {code}', id: 'TKcECh' }, { code: test.status_code })
        : said(test.error ?? ''),
    ms: test.duration_ms,
  });

  if (s.matches('showingSecret') && c.secret) {
    return (
      <MachineDialog modalType="alert">
        <DialogSurface aria-label={t({ defaultMessage: 'New callback secret', id: 'DqQ4hG' })}>
          <DialogBody>
            <DialogTitle>{t({ defaultMessage: 'New callback secret', id: 'DqQ4hG' })}</DialogTitle>
            <DialogContent className={styles.content}>
              <Text>
                {t(
                  {
                    defaultMessage:
                      'Give it to the merchant now: it is shown only this once. Until {until} callbacks carry ' +
                      'signatures with both the old and the new secret ({hours} hours).',
                    id: 'Lidwpt',
                  },
                  { until: formatDateTime(c.secret.previous_secret_until), hours: SECRET_OVERLAP_HOURS },
                )}
              </Text>
              <div className={styles.secret} data-testid="new-secret">
                {c.secret.secret}
              </div>
              <div className={styles.tools}>
                <Button
                  icon={<CopyRegular />}
                  onClick={() => void writeClipboardText(c.secret!.secret).then(setCopied)}
                >
                  {t({ defaultMessage: 'Copy', id: '4l6vz1' })}
                </Button>
                {copied === true && <Text>{t({ defaultMessage: 'Copied.', id: 'EPS+mh' })}</Text>}
                {copied === false && (
                  <Text>
                    {t({ defaultMessage: 'The browser refused: select the secret and copy it.', id: 'eozzaR' })}
                  </Text>
                )}
              </div>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => actor.send({ type: 'SECRET_SAVED' })}>
                {t({ defaultMessage: 'I have saved it', id: 'sUibgx' })}
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
      <DialogSurface aria-label={t({ defaultMessage: 'Callback endpoint', id: '8lRMGx' })} className={styles.surface}>
        <DialogBody>
          <DialogTitle>
            {c.endpoint
              ? t({ defaultMessage: 'Callback endpoint of {client}', id: 'ETnvpJ' }, { client: c.endpoint.client_name })
              : t({ defaultMessage: 'Callback endpoint', id: '8lRMGx' })}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {s.matches('loading') && (
              <Spinner size="small" label={t({ defaultMessage: 'Loading the endpoint…', id: '0RmTCl' })} />
            )}
            {s.matches('failed') && (
              <RetryBar message={c.loadError && said(c.loadError)} onRetry={() => actor.send({ type: 'RETRY' })} />
            )}
            {c.endpoint && (
              <dl className={styles.facts}>
                <dt className={styles.term}>{t({ defaultMessage: 'URL', id: 'bWjdfa' })}</dt>
                <dd className={styles.value}>
                  {c.endpoint.callback_url ?? t({ defaultMessage: 'None', id: '450Fty' })}
                </dd>
                <dt className={styles.term}>{t({ defaultMessage: 'Secret rotated', id: 'gPDpKu' })}</dt>
                <dd className={styles.value}>
                  {c.endpoint.secret_rotated_at
                    ? formatDateTime(c.endpoint.secret_rotated_at)
                    : t({ defaultMessage: 'Never', id: 'du1laW' })}
                </dd>
                <dt className={styles.term}>{t({ defaultMessage: 'Previous secret valid until', id: 'b9O9ze' })}</dt>
                <dd className={styles.value}>
                  {c.endpoint.previous_secret_until ? formatDateTime(c.endpoint.previous_secret_until) : NONE}
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
                  label={t({ defaultMessage: 'Callback URL', id: '5nkU0l' })}
                  required
                  validationState={c.urlError ? 'error' : 'none'}
                  validationMessage={c.urlError ? said(c.urlError) : undefined}
                >
                  <Input
                    value={c.urlText}
                    disabled={s.matches('saving')}
                    onChange={(_, d) => actor.send({ type: 'SET_URL', value: d.value })}
                  />
                </Field>
                <div className={styles.tools} style={{ marginTop: 8 }}>
                  <Button appearance="primary" type="submit" disabled={!s.can({ type: 'SAVE_URL' })}>
                    {s.matches('saving')
                      ? t({ defaultMessage: 'Saving…', id: 'WUV28A' })
                      : t({ defaultMessage: 'Save URL', id: 'DUEVts' })}
                  </Button>
                  <Button disabled={!s.can({ type: 'CANCEL' })} onClick={() => actor.send({ type: 'CANCEL' })}>
                    {t({ defaultMessage: 'Cancel', id: '47FYwb' })}
                  </Button>
                </div>
              </form>
            )}
            {confirming && (
              <MessageBar intent="warning">
                <MessageBarBody>
                  {t(
                    {
                      defaultMessage:
                        'Rotate the secret? The new one is shown once; the old one keeps signing for {hours} hours.',
                      id: '+aVXYM',
                    },
                    { hours: SECRET_OVERLAP_HOURS },
                  )}
                  {SPACE}
                  <Button
                    size="small"
                    disabled={!s.can({ type: 'CONFIRM' })}
                    onClick={() => actor.send({ type: 'CONFIRM' })}
                  >
                    {s.matches('rotating')
                      ? t({ defaultMessage: 'Rotating…', id: '5QexLy' })
                      : t({ defaultMessage: 'Yes, rotate', id: '4Jb4dy' })}
                  </Button>
                  {SPACE}
                  <Button
                    size="small"
                    disabled={!s.can({ type: 'CANCEL' })}
                    onClick={() => actor.send({ type: 'CANCEL' })}
                  >
                    {t({ defaultMessage: 'No', id: 'oUWADl' })}
                  </Button>
                </MessageBarBody>
              </MessageBar>
            )}
            {s.matches('testing') && (
              <Spinner size="small" label={t({ defaultMessage: 'Sending a test callback…', id: 'qKq9s+' })} />
            )}
            {c.test && (
              <section aria-label={t({ defaultMessage: 'Test callback outcome', id: 'rhZl/7' })}>
                <MessageBar intent={c.test.delivered ? 'success' : 'error'}>
                  <MessageBarBody>
                    {c.test.delivered
                      ? t(
                          { defaultMessage: 'Test callback delivered: {answer} in {ms} ms', id: 'aqdPrX' },
                          testValues(c.test),
                        )
                      : t(
                          { defaultMessage: 'Test callback failed: {answer} in {ms} ms', id: 'NUVIID' },
                          testValues(c.test),
                        )}
                  </MessageBarBody>
                </MessageBar>
                {c.test.response_excerpt && <pre className={styles.excerpt}>{c.test.response_excerpt}</pre>}
              </section>
            )}
          </DialogContent>
          <DialogActions>
            {/* Only a SUPER ADMIN's machine takes these: an AUDITOR sees the endpoint and no buttons. */}
            {s.can({ type: 'EDIT_URL' }) && (
              <Button onClick={() => actor.send({ type: 'EDIT_URL' })}>
                {t({ defaultMessage: 'Edit URL', id: 'EdX6Cg' })}
              </Button>
            )}
            {s.can({ type: 'ROTATE' }) && (
              <Button onClick={() => actor.send({ type: 'ROTATE' })}>
                {t({ defaultMessage: 'Rotate secret', id: 'qW1+7M' })}
              </Button>
            )}
            {s.can({ type: 'SEND_TEST' }) && (
              <Button onClick={() => actor.send({ type: 'SEND_TEST' })}>
                {t({ defaultMessage: 'Send test callback', id: 'rCmmdT' })}
              </Button>
            )}
            <Button onClick={onClose}>{t({ defaultMessage: 'Close', id: 'rbrahO' })}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
