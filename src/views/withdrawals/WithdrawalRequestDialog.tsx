import {
  Button,
  DialogContent,
  Dropdown,
  Field,
  Input,
  Option,
  Slider,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FormDialog } from '../common/FormDialog';
import { ClipboardPasteRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { requestHeldAhead, type withdrawalRequestMachine } from '../../machines/withdrawalRequestMachine';
import { HeldAhead } from '../common/HeldAhead';
import { readClipboardText } from '../../services/clipboard';
import { formatRupiah } from '../../services/money';
import type { BankOption } from '../../services/schemas';
import { AMOUNT_STEP, MIN_WITHDRAWAL } from '../../services/withdrawalRules';
import { MoneyInput } from '../common/MoneyInput';
import { FormErrors } from '../common/FormErrors';
import { SaveFailedDialog } from '../common/SaveFailedDialog';
import { FormActions } from '../common/FormActions';

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  shortcuts: { display: 'flex', gap: tokens.spacingHorizontalS },
  otp: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  // Fluent draws a mark per step in the rail's ::before, in the page's background colour; with a
  // thousand steps of Rp. 10,000 the marks cover the whole rail. Only the marks go: the rail's own
  // background image is the track (filled part and rest, in Fluent's accessible stroke colours).
  rail: { '::before': { display: 'none' } },
});

/**
 * Request Widthdrawal / Transfer to Disburse: renders the page's request child (the page opens it,
 * announces how it ended and reads the figures again).
 */
export function WithdrawalRequestDialog({
  actor,
  clientName,
  banks,
}: {
  actor: ActorRefFrom<typeof withdrawalRequestMachine>;
  clientName: string;
  banks: BankOption[];
}) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const mode = c.mode;

  if (s.status === 'done') return null;
  const submitting = s.matches('submitting');
  const title = mode === 'transfer' ? 'Transfer to Disburse' : 'Request Widthdrawal';
  const pasteOtp = async () => actor.send({ type: 'PASTE_OTP', text: await readClipboardText() });

  return (
    <>
      <FormDialog
        title={title}
        busy={submitting}
        onSubmit={() => actor.send({ type: 'CONFIRM' })}
        onCancel={() => actor.send({ type: 'CANCEL' })}
        surfaceClassName={styles.surface}
      >
        <DialogContent className={styles.content}>
          <Text>
            Client: <strong>{clientName}</strong> · Available: <strong>{formatRupiah(c.max)}</strong>
          </Text>
          <FormErrors errors={c.errors} />
          {mode === 'withdrawal' && (
            <>
              <Field label="Bank Name" required>
                <Dropdown
                  placeholder="Select bank"
                  value={c.bankName}
                  selectedOptions={c.bankName ? [c.bankName] : []}
                  disabled={submitting}
                  onOptionSelect={(_, d) => d.optionValue && actor.send({ type: 'SET_BANK', value: d.optionValue })}
                >
                  {banks.map((b) => (
                    <Option key={b.id} value={b.name}>
                      {b.name}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label="Account Number" required>
                <Input
                  inputMode="numeric"
                  value={c.accountNo}
                  disabled={submitting}
                  onChange={(_, d) => actor.send({ type: 'SET_ACCOUNT', value: d.value })}
                />
              </Field>
              <Field label="Beneficary Account Name" required>
                <Input
                  value={c.beneficiary}
                  disabled={submitting}
                  onChange={(_, d) => actor.send({ type: 'SET_BENEFICIARY', value: d.value })}
                />
              </Field>
              <Field label="Remarks">
                <Textarea
                  value={c.remarks}
                  disabled={submitting}
                  resize="vertical"
                  onChange={(_, d) => actor.send({ type: 'SET_REMARKS', value: d.value })}
                />
              </Field>
            </>
          )}
          <MoneyInput
            label="Amount"
            required
            text={c.amountText}
            amount={c.amount}
            problem={c.amountProblem}
            note={c.amountNote}
            hint={`Between ${formatRupiah(MIN_WITHDRAWAL)} and ${formatRupiah(c.max)}`}
            disabled={submitting}
            onText={(value) => actor.send({ type: 'SET_AMOUNT_TEXT', value })}
          />
          <Slider
            aria-label="Amount slider"
            style={{ width: '100%' }}
            rail={{ className: styles.rail }}
            min={MIN_WITHDRAWAL}
            max={Math.max(MIN_WITHDRAWAL, c.max)}
            step={AMOUNT_STEP}
            value={c.amount ?? MIN_WITHDRAWAL}
            disabled={submitting}
            onChange={(_, d) => actor.send({ type: 'SET_AMOUNT', value: d.value })}
          />
          <div className={styles.shortcuts}>
            <Button size="small" onClick={() => actor.send({ type: 'MIN' })} disabled={submitting}>
              Min
            </Button>
            <Button size="small" onClick={() => actor.send({ type: 'HALF' })} disabled={submitting}>
              Half
            </Button>
            <Button size="small" onClick={() => actor.send({ type: 'MAX' })} disabled={submitting}>
              Max
            </Button>
          </div>
          <div className={styles.otp}>
            <Field label="OTP" required hint="The 6-digit code from your authenticator app" style={{ flexGrow: 1 }}>
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                value={c.otp}
                disabled={submitting}
                onChange={(_, d) => actor.send({ type: 'SET_OTP', value: d.value })}
              />
            </Field>
            <Button icon={<ClipboardPasteRegular />} onClick={pasteOtp} disabled={submitting}>
              Paste from Clipboard
            </Button>
          </div>
          <HeldAhead held={requestHeldAhead(c)} />
        </DialogContent>
        <FormActions
          busy={submitting}
          onCancel={() => actor.send({ type: 'CANCEL' })}
          submit="Confirm"
          busyText="Submitting…"
        />
      </FormDialog>
      <SaveFailedDialog
        failure={c.failure != null ? { message: c.failure, details: [] } : null}
        onDismiss={() => actor.send({ type: 'DISMISS_FAILURE' })}
      />
    </>
  );
}
