import { Field, Input } from '@fluentui/react-components';
import { useSaid, useT } from '../../i18n/useT';
import { formatRupiah, rupiahWithWords } from '../../services/money';

/**
 * The one field for an amount a person types (issue 25). It shows the text exactly as typed; its
 * machine reads that text with the one amount reader and hands back the amount it reads as (or why
 * it reads as none). Under the field the amount read is said back in figures and in words, so what
 * the field shows is what will be sent, and a misread is seen before anything moves.
 */
export function MoneyInput({
  label,
  text,
  amount,
  problem,
  note,
  hint,
  required,
  disabled,
  onText,
  onEnter,
}: {
  label: string;
  text: string;
  /** What the text reads as; null while empty or unreadable. */
  amount: number | null;
  /** Why the text is refused (shown as the field's error); null when it reads as an allowed amount. */
  problem: string | null;
  /** A warning about what was done with the text (the spec's cap at the maximum); never silent. */
  note?: string | null;
  /** Said under an empty field. */
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  onText: (text: string) => void;
  onEnter?: () => void;
}) {
  const t = useT();
  // Why the text is refused, and what was done with it: the machine's English, said in the person's language.
  const said = useSaid();
  const readBack =
    amount == null
      ? hint
      : t({ defaultMessage: 'Reads as {amount}', id: 'NzGqZm' }, { amount: rupiahWithWords(amount) });
  const message = problem ?? note;
  return (
    <Field
      label={label}
      required={required}
      validationState={problem ? 'error' : note ? 'warning' : 'none'}
      validationMessage={message ? said(message) : undefined}
      hint={problem ? undefined : readBack}
    >
      <Input
        value={text}
        autoComplete="off"
        placeholder={formatRupiah(0)}
        disabled={disabled}
        onChange={(_, d) => onText(d.value)}
        onKeyDown={
          onEnter
            ? (e) => {
                if (e.key === 'Enter') onEnter();
              }
            : undefined
        }
      />
    </Field>
  );
}
