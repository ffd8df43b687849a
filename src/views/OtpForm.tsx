import { useLayoutEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular, ClipboardPasteRegular } from '@fluentui/react-icons';
import { shallowEqual, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { typedOtp, type loginMachine } from '../machines/loginMachine';
import { readClipboardText } from '../services/clipboard';
import { useSaid, useT } from '../i18n/useT';
import { OTP_LENGTH } from '../services/schemas';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  boxes: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
  box: {
    width: '48px',
    height: '56px',
    textAlign: 'center',
    fontSize: tokens.fontSizeBase600,
    fontFamily: tokens.fontFamilyMonospace,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    ':focus': {
      outlineWidth: '2px',
      outlineStyle: 'solid',
      outlineColor: tokens.colorBrandStroke1,
      borderTopColor: tokens.colorBrandStroke1,
      borderBottomColor: tokens.colorBrandStroke1,
      borderLeftColor: tokens.colorBrandStroke1,
      borderRightColor: tokens.colorBrandStroke1,
    },
  },
});

/** 'Enter OTP': six digit boxes that submit by themselves when full (spec sections 2 and 5). */
export function OtpForm({ actor }: { actor: ActorRefFrom<typeof loginMachine> }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const { otp, error, submitting, canBack, canPaste, canType, canRecover } = useSelector(
    actor,
    (s) => ({
      otp: s.context.otp,
      error: s.context.error,
      submitting: s.matches('submittingOtp'),
      canBack: s.can({ type: 'BACK' }),
      canPaste: s.can({ type: 'PASTE', text: '' }),
      canType: s.can({ type: 'OTP_CHANGE', value: '' }),
      canRecover: s.can({ type: 'USE_RECOVERY_CODE' }),
    }),
    shallowEqual,
  );
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  // The cursor always sits in the first empty box, so typing fills the boxes in order.
  useLayoutEffect(() => {
    if (!submitting) boxes.current[Math.min(otp.length, OTP_LENGTH - 1)]?.focus();
  }, [otp, submitting]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (/^\d$/.test(e.key)) {
      e.preventDefault();
      actor.send({ type: 'OTP_CHANGE', value: otp + e.key });
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      actor.send({ type: 'OTP_CHANGE', value: otp.slice(0, -1) });
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
    }
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    actor.send({ type: 'PASTE', text: e.clipboardData.getData('text') });
  };
  const pasteFromClipboard = async () => actor.send({ type: 'PASTE', text: await readClipboardText() });

  return (
    <form className={styles.form} onSubmit={(e) => e.preventDefault()} aria-labelledby="otp-title">
      <div className={styles.header}>
        <Button
          appearance="subtle"
          icon={<ArrowLeftRegular />}
          aria-label={t({ defaultMessage: 'Back', id: 'cyR7Kh' })}
          onClick={() => actor.send({ type: 'BACK' })}
          disabled={!canBack}
        />
        <Title2 as="h1" id="otp-title">
          {t({ defaultMessage: 'Enter OTP', id: 'LOvny9' })}
        </Title2>
      </div>
      <Text id="otp-help">
        {t({ defaultMessage: 'Enter the 6-digit code from your authenticator app.', id: 'RKK2dE' })}
      </Text>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{said(error)}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.boxes} role="group" aria-labelledby="otp-title" aria-describedby="otp-help">
        {Array.from({ length: OTP_LENGTH }, (_, i) => (
          <input
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            className={styles.box}
            aria-label={t(
              { defaultMessage: 'Digit {position} of {length}', id: '0u7Gj0' },
              { position: i + 1, length: OTP_LENGTH },
            )}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            maxLength={1}
            value={otp[i] ?? ''}
            disabled={!canType}
            readOnly={false}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onChange={(e) => {
              const event = typedOtp(otp, e.target.value);
              if (event) actor.send(event);
            }}
          />
        ))}
      </div>
      <Button
        appearance="secondary"
        icon={submitting ? <Spinner size="tiny" /> : <ClipboardPasteRegular />}
        onClick={pasteFromClipboard}
        disabled={!canPaste}
      >
        {submitting
          ? t({ defaultMessage: 'Checking…', id: 'PfxzLv' })
          : t({ defaultMessage: 'Paste from Clipboard', id: 'FMPb4p' })}
      </Button>
      {/* Issue 44: the authenticator is lost. */}
      <Button appearance="transparent" onClick={() => actor.send({ type: 'USE_RECOVERY_CODE' })} disabled={!canRecover}>
        {t({ defaultMessage: 'Use a recovery code', id: '5BmWE8' })}
      </Button>
    </form>
  );
}
