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
import { useSaid, useT } from '../../i18n/useT';
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
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const mode = c.mode;

  if (s.status === 'done') return null;
  const submitting = s.matches('submitting');
  const title =
    mode === 'transfer'
      ? t({ defaultMessage: 'Transfer to Disburse', id: '8Qdv4C' })
      : t({ defaultMessage: 'Request Widthdrawal', id: 'x/o4v+' });
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
            {t(
              { defaultMessage: 'Client: <b>{client}</b> · Available: <b>{available}</b>', id: 'R8TlLE' },
              { client: clientName, available: formatRupiah(c.max), b: (chunks) => <strong>{chunks}</strong> },
            )}
          </Text>
          <FormErrors errors={c.errors.map(said)} />
          {mode === 'withdrawal' && (
            <>
              <Field label={t({ defaultMessage: 'Bank Name', id: 'hUQSwM' })} required>
                <Dropdown
                  placeholder={t({ defaultMessage: 'Select bank', id: '0GiHUW' })}
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
              <Field label={t({ defaultMessage: 'Account Number', id: 'vV2G6z' })} required>
                <Input
                  inputMode="numeric"
                  value={c.accountNo}
                  disabled={submitting}
                  onChange={(_, d) => actor.send({ type: 'SET_ACCOUNT', value: d.value })}
                />
              </Field>
              <Field label={t({ defaultMessage: 'Beneficary Account Name', id: '0jKZwB' })} required>
                <Input
                  value={c.beneficiary}
                  disabled={submitting}
                  onChange={(_, d) => actor.send({ type: 'SET_BENEFICIARY', value: d.value })}
                />
              </Field>
              <Field label={t({ defaultMessage: 'Remarks', id: '+k5Igf' })}>
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
            label={t({ defaultMessage: 'Amount', id: '/0TOL5' })}
            required
            text={c.amountText}
            amount={c.amount}
            problem={c.amountProblem && said(c.amountProblem)}
            note={c.amountNote && said(c.amountNote)}
            hint={t(
              { defaultMessage: 'Between {min} and {max}', id: 'MwZ/1H' },
              { min: formatRupiah(MIN_WITHDRAWAL), max: formatRupiah(c.max) },
            )}
            disabled={submitting}
            onText={(value) => actor.send({ type: 'SET_AMOUNT_TEXT', value })}
          />
          <Slider
            aria-label={t({ defaultMessage: 'Amount slider', id: 'CHl/w5' })}
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
              {t({ defaultMessage: 'Min', id: 'A4AHkc' })}
            </Button>
            <Button size="small" onClick={() => actor.send({ type: 'HALF' })} disabled={submitting}>
              {t({ defaultMessage: 'Half', id: 'U0Z6Ut' })}
            </Button>
            <Button size="small" onClick={() => actor.send({ type: 'MAX' })} disabled={submitting}>
              {t({ defaultMessage: 'Max', id: 'kkjl2v' })}
            </Button>
          </div>
          <div className={styles.otp}>
            <Field
              label={t({ defaultMessage: 'OTP', id: 'SM+EuW' })}
              required
              hint={t({ defaultMessage: 'The 6-digit code from your authenticator app', id: 'UdMoCd' })}
              style={{ flexGrow: 1 }}
            >
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                value={c.otp}
                disabled={submitting}
                onChange={(_, d) => actor.send({ type: 'SET_OTP', value: d.value })}
              />
            </Field>
            <Button icon={<ClipboardPasteRegular />} onClick={pasteOtp} disabled={submitting}>
              {t({ defaultMessage: 'Paste from Clipboard', id: 'FMPb4p' })}
            </Button>
          </div>
          <HeldAhead held={requestHeldAhead(c)} />
        </DialogContent>
        <FormActions
          busy={submitting}
          onCancel={() => actor.send({ type: 'CANCEL' })}
          submit={t({ defaultMessage: 'Confirm', id: 'N2IrpM' })}
          busyText={t({ defaultMessage: 'Submitting…', id: '/663dx' })}
        />
      </FormDialog>
      <SaveFailedDialog
        failure={c.failure != null ? { message: said(c.failure), details: [] } : null}
        onDismiss={() => actor.send({ type: 'DISMISS_FAILURE' })}
      />
    </>
  );
}
